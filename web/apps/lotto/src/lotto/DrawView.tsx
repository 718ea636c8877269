/**
 * One draw: the numbers drawn, the commitment published before sales closed, the seed revealed
 * after the draw, a verify block that reproduces the numbers in the browser from that seed
 * (domain/lotto's verifyDraw, the server's own rule), and the winners and payout per tier.
 */

import { lottoGame, verifyDraw } from '@parlay/domain/lotto/index.ts';
import { useFormat, useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { Balls, when } from '../common/common.tsx';
import styles from '../LottoApp.module.css';
import type { DrawDetailView, GameView } from '../model.ts';
import { tierLabel } from './PrizeTable.tsx';

type Check =
  | { verified: boolean; commitmentMatches: boolean; main: number[]; bonus: number | null }
  | 'error';

export function checkDraw(draw: DrawDetailView): Check {
  const game = lottoGame(draw.gameId);
  if (!game || draw.serverSeed === null || draw.numbers === null) return 'error';
  try {
    const result = verifyDraw(game, {
      serverSeed: draw.serverSeed,
      commitment: draw.commitment,
      salt: draw.salt,
      drawId: Number(draw.drawId),
      main: draw.numbers,
      bonus: draw.bonus,
    });
    return {
      verified: result.verified,
      commitmentMatches: result.commitmentMatches,
      main: result.expected.main,
      bonus: result.expected.bonus,
    };
  } catch {
    return 'error';
  }
}

function VerifyBlock({ draw }: { draw: DrawDetailView }) {
  const t = useT('lotto');
  const [check, setCheck] = useState<Check | null>(null);
  if (draw.serverSeed === null) {
    return <p className={styles.muted}>{t('draw.seed_secret')}</p>;
  }
  return (
    <div className={styles.verify} data-testid="lotto-verify">
      <p className={styles.muted}>{t('draw.verify_text')}</p>
      <Button onClick={() => setCheck(checkDraw(draw))} data-testid="lotto-verify-run">
        {t('draw.verify')}
      </Button>
      {check === null ? null : check === 'error' ? (
        <p role="alert" className={styles.error}>
          {t('draw.verify_error')}
        </p>
      ) : (
        <div role="status" data-testid="lotto-verify-result">
          <p className={check.verified ? styles.ok : styles.error}>
            <strong>{t(check.verified ? 'draw.reproduced' : 'draw.not_reproduced')}</strong>
          </p>
          <p className={styles.muted}>
            {t(check.commitmentMatches ? 'draw.commitment_ok' : 'draw.commitment_bad')}
          </p>
          <Balls
            numbers={check.main}
            bonus={check.bonus === null ? [] : [check.bonus]}
            label={t('draw.recomputed')}
            size="sm"
          />
        </div>
      )}
    </div>
  );
}

export function DrawView({
  draw,
  game,
  lng,
  timeZone,
}: {
  draw: DrawDetailView;
  game: GameView | null;
  lng: string;
  timeZone: number;
}) {
  const t = useT('lotto');
  const format = useFormat();
  const currency = game?.currency ?? 'RUB';
  return (
    <div className={styles.stack} data-testid="lotto-draw">
      <section className={styles.panel}>
        <div className={styles.cardHead}>
          <h2 className={styles.sectionTitle}>{t('draw.result_title')}</h2>
          <span className={styles.badge}>{t(`draw_status.${draw.status}`)}</span>
        </div>
        <p className={styles.muted}>{t('draw.at', { at: when(lng, draw.drawAt, timeZone) })}</p>
        {draw.numbers ? (
          <Balls
            numbers={draw.numbers}
            bonus={draw.bonus === null ? [] : [draw.bonus]}
            label={t('draw.numbers')}
          />
        ) : (
          <p>{t('draw.not_drawn')}</p>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>{t('draw.tickets')}</dt>
            <dd>{format.number(BigInt(draw.tickets))}</dd>
          </div>
          <div>
            <dt>{t('draw.sales')}</dt>
            <dd>{format.money(draw.salesMinor, currency)}</dd>
          </div>
          <div>
            <dt>{t('draw.paid')}</dt>
            <dd>{format.money(draw.paidMinor, currency)}</dd>
          </div>
          {game?.kind === 'draw' ? (
            <div>
              <dt>{t('draw.jackpot_out')}</dt>
              <dd>{format.money(draw.jackpotOutMinor, currency)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className={styles.panel} aria-labelledby="lotto-fair-heading">
        <h2 id="lotto-fair-heading" className={styles.sectionTitle}>
          {t('draw.fair_title')}
        </h2>
        <dl className={styles.codes}>
          <dt>{t('draw.commitment')}</dt>
          <dd>
            <code data-testid="lotto-commitment">{draw.commitment}</code>
          </dd>
          <dt>{t('draw.seed')}</dt>
          <dd>
            <code>{draw.serverSeed ?? t('draw.seed_hidden')}</code>
          </dd>
          <dt>{t('draw.salt')}</dt>
          <dd>
            <code>{draw.salt}</code>
          </dd>
          <dt>{t('draw.nonce')}</dt>
          <dd>
            <code>{draw.drawId}</code>
          </dd>
        </dl>
        <VerifyBlock draw={draw} />
      </section>

      {draw.tiers.length > 0 ? (
        <section className={styles.panel} aria-labelledby="lotto-winners-heading">
          <h2 id="lotto-winners-heading" className={styles.sectionTitle}>
            {t('draw.winners_title')}
          </h2>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="lotto-tiers">
              <thead>
                <tr>
                  <th scope="col">{t('prizes.matches')}</th>
                  <th scope="col">{t('draw.winners')}</th>
                  <th scope="col">{t('draw.prize_each')}</th>
                  <th scope="col">{t('draw.total')}</th>
                </tr>
              </thead>
              <tbody>
                {draw.tiers.map((tier) => (
                  <tr key={tier.tierId}>
                    <th scope="row">
                      {game?.kind === 'keno'
                        ? t('prizes.keno_tier', {
                            picked: tier.tierId.split('/')[0] ?? '',
                            count: Number(tier.tierId.split('/')[1] ?? 0),
                          })
                        : tierLabel(t, tier.tierId)}
                    </th>
                    <td>{format.number(BigInt(tier.winners))}</td>
                    <td>{format.money(tier.prizeEachMinor, currency)}</td>
                    <td>{format.money(tier.totalMinor, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <p>
        <a className={styles.link} href={`/${lng}/lotto/results?game=${draw.gameId}`}>
          {t('draw.archive_link')}
        </a>
      </p>
    </div>
  );
}
