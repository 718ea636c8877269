/**
 * MESSAGING=off in the auth forms: the flag read from the site config, the SMS sign-in mode and the
 * phone registration type left out, and the recovery form replaced by a notice (both languages).
 */
import { pickDictionaries } from '@parlay/i18n/dictionaries.ts';
import { createTranslator, I18nProvider } from '@parlay/i18n/runtime.tsx';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { loginModesFor, messagingEnabledOf, registrationTypesFor } from './messaging.ts';

describe('messagingEnabledOf', () => {
  it.each([
    [{ features: { isMessagingEnabled: false } }, false],
    [{ features: { isMessagingEnabled: true } }, true],
    [{ features: {} }, true],
    [{}, true],
  ])('%j → %s', (groups, enabled) => {
    expect(messagingEnabledOf(groups)).toBe(enabled);
  });
});

describe('the flows offered', () => {
  const modes = ['login_password', 'phone_password', 'sms'] as const;
  it('drops SMS sign-in only without messaging', () => {
    expect(loginModesFor(modes, true)).toEqual(['login_password', 'phone_password', 'sms']);
    expect(loginModesFor(modes, false)).toEqual(['login_password', 'phone_password']);
  });
  it('drops phone registration only without messaging', () => {
    expect(registrationTypesFor(['fast', 'phone', 'full'], true)).toEqual(['fast', 'phone', 'full']);
    expect(registrationTypesFor(['fast', 'phone', 'full'], false)).toEqual(['fast', 'full']);
    expect(registrationTypesFor(['phone'], false)).toEqual([]);
  });
});

function renderForgot(lng: 'en' | 'ru', messagingEnabled: boolean): string {
  const translator = createTranslator(lng, pickDictionaries(lng, ['auth', 'errors']));
  return renderToString(
    <I18nProvider translator={translator}>
      <ForgotPasswordForm
        lng={lng}
        returnUrl={null}
        onSwitch={() => {}}
        onDone={() => {}}
        messagingEnabled={messagingEnabled}
      />
    </I18nProvider>,
  );
}

describe('the recovery form', () => {
  it('shows a notice and the way back to log in instead of the code form when messaging is off', () => {
    const en = renderForgot('en', false);
    expect(en).toContain('data-step="unavailable"');
    expect(en).toContain('Password recovery by code is not available on this site.');
    expect(en).toContain('Back to log in');
    expect(en).not.toContain('Send code');
    expect(renderForgot('ru', false)).toContain('Восстановление пароля по коду на этом сайте недоступно.');
  });

  it('shows the code form when messaging is on', () => {
    const en = renderForgot('en', true);
    expect(en).toContain('data-step="request"');
    expect(en).toContain('Send code');
    expect(en).not.toContain('not available on this site');
  });
});
