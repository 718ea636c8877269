import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../dictionaries/en/casino-games.json' with { type: 'json' };
import ru from '../../dictionaries/ru/casino-games.json' with { type: 'json' };
import { VerifierPage } from './VerifierPage.tsx';
import verifyScriptSource from './verify-round.mjs?raw';

function render(roundId: string | null, lng: 'en' | 'ru' = 'en') {
  const translator = createTranslator(lng, { 'casino-games': lng === 'en' ? en : ru } as never);
  return renderToStaticMarkup(
    <I18nProvider translator={translator}>
      <VerifierPage lng={lng} roundId={roundId} />
    </I18nProvider>,
  );
}

describe('VerifierPage', () => {
  it('explains the scheme and offers the replay and crash forms without a round', () => {
    const html = render(null);
    expect(html).toContain('How a round is made');
    expect(html).toContain('HMAC-SHA256(serverSeed, &quot;clientSeed:nonce:cursor&quot;)');
    expect(html).toContain('rejection sampling');
    expect(html).toContain('Recompute a round');
    expect(html).toContain('<option value="dice"');
    expect(html).toContain('<option value="slot-fruits">Fruit Storm</option>');
    expect(html).toContain('Check a crash game');
    expect(html).toMatch(/download="verify-round.mjs"/);
    expect(verifyScriptSource).toContain('export function verifyRound');
  });

  it('loads the round in the browser when given one', () => {
    const html = render('1001');
    expect(html).toContain('Loading the round…');
    expect(html).not.toContain('Recompute a round');
  });

  it('speaks Russian', () => {
    expect(render(null, 'ru')).toContain('Как получается раунд');
  });
});
