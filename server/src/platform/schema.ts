/**
 * Kysely table types. Each module owns its tables; this file only gathers their types so that one
 * Kysely instance can be typed. A module must not query another module's tables.
 */
import type { AccountsTables, VerificationTables } from '../modules/accounts/tables.ts';
import type { AuthTables } from '../modules/auth/tables.ts';
import type { BackofficeTables } from '../modules/backoffice/tables.ts';
import type { BettingTables } from '../modules/betting/tables.ts';
import type { BlockTables } from '../modules/blocks/tables.ts';
import type { BonusTables } from '../modules/bonuses/tables.ts';
import type { CaptchaTables } from '../modules/captcha/tables.ts';
import type { CashbackTables } from '../modules/cashback/tables.ts';
import type {
  CasinoBingoTables,
  CasinoCatalogueTables,
  CasinoCrashTables,
  CasinoProviderTables,
  CasinoRoundsTables,
  CasinoTvTables,
} from '../modules/casino/tables.ts';
import type { ContentTables } from '../modules/content/tables.ts';
import type { LimitsTables } from '../modules/limits/tables.ts';
import type { LottoTables } from '../modules/lotto/tables.ts';
import type { MailingTables } from '../modules/mailing/tables.ts';
import type { OutboxTables } from '../modules/outbox/tables.ts';
import type { PaymentsTables } from '../modules/payments/tables.ts';
import type { RedirectTables } from '../modules/redirects/tables.ts';
import type { ReferralsTables } from '../modules/referrals/tables.ts';
import type { SeoTables } from '../modules/seo/tables.ts';
import type { CatalogueTables } from '../modules/sportsbook/tables.ts';
import type { SupportTables } from '../modules/support/tables.ts';
import type { TotoTables } from '../modules/toto/tables.ts';
import type { TournamentTables } from '../modules/tournaments/tables.ts';
import type { PlatformTables } from './platform-tables.ts';

export interface Database
  extends PlatformTables,
    CatalogueTables,
    BlockTables,
    RedirectTables,
    SeoTables,
    AuthTables,
    CaptchaTables,
    OutboxTables,
    AccountsTables,
    VerificationTables,
    PaymentsTables,
    BettingTables,
    LimitsTables,
    CasinoCatalogueTables,
    CasinoCrashTables,
    CasinoProviderTables,
    CasinoRoundsTables,
    CasinoBingoTables,
    CasinoTvTables,
    TotoTables,
    LottoTables,
    CashbackTables,
    BonusTables,
    ContentTables,
    SupportTables,
    BackofficeTables,
    MailingTables,
    ReferralsTables,
    TournamentTables {}
