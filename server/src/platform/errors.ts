/**
 * The one catalogue of errors: a stable code, its HTTP status and the dictionary key the browser
 * shows. Services throw AppError with a code from here; the HTTP layer renders
 * { error: { code, message, key, details? } } and never a stack.
 */

export const ERRORS = {
  NOT_FOUND: { status: 404, key: 'errors.not_found', message: 'This page could not be found' },
  ROUTE_NOT_FOUND: { status: 404, key: 'errors.route_not_found', message: 'No such API route' },
  MALFORMED_JSON: {
    status: 400,
    key: 'errors.malformed_json',
    message: 'The request body is not valid JSON',
  },
  MALFORMED_BODY: {
    status: 400,
    key: 'errors.malformed_body',
    message: 'The request body could not be read in its content type',
  },
  MALFORMED_URL: { status: 400, key: 'errors.malformed_url', message: 'The address is not a valid URL' },
  URL_TOO_LONG: { status: 414, key: 'errors.url_too_long', message: 'The address is too long' },
  VALIDATION_FAILED: { status: 400, key: 'errors.validation_failed', message: 'The request is not valid' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    key: 'errors.unsupported_media_type',
    message: 'Unsupported content type',
  },
  BODY_TOO_LARGE: { status: 413, key: 'errors.body_too_large', message: 'The request body is too large' },
  METHOD_NOT_ALLOWED: { status: 405, key: 'errors.method_not_allowed', message: 'Method not allowed' },
  UNKNOWN_LANGUAGE: { status: 400, key: 'errors.unknown_language', message: 'Unknown language' },
  UNKNOWN_APP: { status: 404, key: 'errors.unknown_app', message: 'No such micro-app' },
  MF_VERSION_UNSUPPORTED: {
    status: 400,
    key: 'errors.mf_version_unsupported',
    message: 'Unsupported micro-app protocol version',
  },
  FRAGMENT_INVALID: {
    status: 502,
    key: 'errors.fragment_invalid',
    message: 'A micro-app answered with an invalid fragment',
  },
  FRAGMENT_TIMEOUT: {
    status: 504,
    key: 'errors.fragment_timeout',
    message: 'A micro-app did not answer in time',
  },
  GAME_NOT_FOUND: { status: 404, key: 'errors.game_not_found', message: 'No such game' },
  TEAM_NOT_FOUND: { status: 404, key: 'errors.team_not_found', message: 'No such team' },
  PLAYER_NOT_FOUND: { status: 404, key: 'errors.player_not_found', message: 'No such player' },
  NOT_READY: { status: 503, key: 'errors.not_ready', message: 'The service is not ready' },
  RATE_LIMITED: { status: 429, key: 'errors.rate_limited', message: 'Too many requests' },
  // Money (accounts and payments modules).
  UNKNOWN_CURRENCY: { status: 400, key: 'errors.unknown_currency', message: 'Unknown currency' },
  INVALID_AMOUNT: { status: 400, key: 'errors.invalid_amount', message: 'The amount is not valid' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    key: 'errors.idempotency_key_reused',
    message: 'This Idempotency-Key was already used for a different request',
  },
  INSUFFICIENT_FUNDS: {
    status: 409,
    key: 'errors.insufficient_funds',
    message: 'Not enough money on the account',
  },
  ACCOUNT_FROZEN: { status: 403, key: 'errors.account_frozen', message: 'The account is frozen' },
  ACCOUNT_NOT_FOUND: { status: 404, key: 'errors.account_not_found', message: 'No such account' },
  CURRENCY_MISMATCH: {
    status: 400,
    key: 'errors.currency_mismatch',
    message: 'The amount is in another currency than the account',
  },
  CURRENCY_ALREADY_ADDED: {
    status: 409,
    key: 'errors.currency_already_added',
    message: 'An account in this currency already exists',
  },
  TOO_MANY_ACCOUNTS: {
    status: 409,
    key: 'errors.too_many_accounts',
    message: 'No more currency accounts can be added',
  },
  ACCOUNT_NOT_REMOVABLE: {
    status: 409,
    key: 'errors.account_not_removable',
    message: 'Only an empty currency account without pending money can be removed',
  },
  TRANSFER_NOT_FOUND: { status: 404, key: 'errors.transfer_not_found', message: 'No such transfer' },
  TRANSFER_ALREADY_REVERSED: {
    status: 409,
    key: 'errors.transfer_already_reversed',
    message: 'The transfer was already reversed',
  },
  RESERVATION_NOT_FOUND: { status: 404, key: 'errors.reservation_not_found', message: 'No such reservation' },
  RESERVATION_NOT_PENDING: {
    status: 409,
    key: 'errors.reservation_not_pending',
    message: 'The reservation was already captured or released',
  },
  LEDGER_INVARIANT: {
    status: 500,
    key: 'errors.internal',
    message: 'A money movement broke a ledger rule and was refused',
  },
  PAYMENT_METHOD_NOT_FOUND: {
    status: 404,
    key: 'errors.payment_method_not_found',
    message: 'This payment method is not available',
  },
  PAYMENT_AMOUNT_OUT_OF_LIMITS: {
    status: 400,
    key: 'errors.payment_amount_out_of_limits',
    message: 'The amount is outside the limits of the payment method',
  },
  PAYMENT_NOT_FOUND: { status: 404, key: 'errors.payment_not_found', message: 'No such payment' },
  PAYMENT_STATE_CONFLICT: {
    status: 409,
    key: 'errors.payment_state_conflict',
    message: 'The payment can no longer be changed this way',
  },
  PAYMENT_SIGNATURE_INVALID: {
    status: 401,
    key: 'errors.payment_signature_invalid',
    message: 'The notification signature is not valid',
  },
  PAYMENT_PROVIDER_UNKNOWN: {
    status: 404,
    key: 'errors.payment_provider_unknown',
    message: 'No such payment provider',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    key: 'errors.payment_provider_unavailable',
    message: 'The payment provider is not available',
  },
  VERIFICATION_REQUIRED: {
    status: 403,
    key: 'errors.verification_required',
    message: 'Verify your identity before withdrawing',
  },
  DOCUMENT_TYPE_UNSUPPORTED: {
    status: 400,
    key: 'errors.document_type_unsupported',
    message: 'Upload a JPEG, PNG, WebP or PDF file',
  },
  DOCUMENT_TOO_LARGE: { status: 413, key: 'errors.document_too_large', message: 'The file is too large' },
  DOCUMENT_NOT_FOUND: { status: 404, key: 'errors.document_not_found', message: 'No such document' },
  // Betting (coupon placement, live delay, cash-out). Rejections of a placement are answers
  // ({ status: 'rejected', code, messageKey }) using these codes and keys (and the limits' LIMIT_*).
  BET_NOT_FOUND: { status: 404, key: 'errors.bet_not_found', message: 'No such bet' },
  ODDS_CHANGED: { status: 409, key: 'errors.odds_changed', message: 'The odds changed' },
  ODDS_LOWERED: { status: 409, key: 'errors.odds_lowered', message: 'The odds went down' },
  MARKET_UNAVAILABLE: {
    status: 409,
    key: 'errors.market_unavailable',
    message: 'A selection is no longer offered',
  },
  MARKET_SUSPENDED: { status: 409, key: 'errors.market_suspended', message: 'A market is suspended' },
  GAME_FINISHED: { status: 409, key: 'errors.game_finished', message: 'A game is over' },
  SCORE_CHANGED: {
    status: 409,
    key: 'errors.score_changed',
    message: 'The score changed during the live delay',
  },
  DEPENDENT_BETS: {
    status: 409,
    key: 'errors.dependent_bets',
    message: 'Selections of the same game cannot be combined',
  },
  // Bet builder (issue 26): same-game combinations the builder cannot price.
  BET_BUILDER_CONTRADICTION: {
    status: 422,
    key: 'errors.bet_builder_contradiction',
    message: 'These selections cannot all happen in one match',
  },
  BET_BUILDER_UNSUPPORTED: {
    status: 422,
    key: 'errors.bet_builder_unsupported',
    message: 'This market cannot be part of a bet builder',
  },
  BET_BUILDER_DIFFERENT_GAMES: {
    status: 422,
    key: 'errors.bet_builder_different_games',
    message: 'A bet builder combines selections of one game',
  },
  BET_BUILDER_STARTED: {
    status: 409,
    key: 'errors.bet_builder_started',
    message: 'The bet builder is offered before the game starts',
  },
  BET_BUILDER_NOT_OFFERED: {
    status: 422,
    key: 'errors.bet_builder_not_offered',
    message: 'This combination is too likely or too unlikely to be offered',
  },
  STAKE_TOO_LOW: { status: 409, key: 'errors.stake_too_low', message: 'The stake is below the minimum' },
  STAKE_TOO_HIGH: { status: 409, key: 'errors.stake_too_high', message: 'The stake is above the maximum' },
  PAYOUT_TOO_HIGH: {
    status: 409,
    key: 'errors.payout_too_high',
    message: 'The possible win is above the maximum payout',
  },
  PROMO_CODE_NOT_ALLOWED: {
    status: 409,
    key: 'errors.promo_code_not_allowed',
    message: 'Promo codes cannot be used on multiple singles',
  },
  PROMO_CODE_INVALID: {
    status: 409,
    key: 'errors.promo_code_invalid',
    message: 'This promo code does not exist or is not valid now',
  },
  PROMO_CODE_USED: {
    status: 409,
    key: 'errors.promo_code_used',
    message: 'You have already used this promo code',
  },
  PROMO_CODE_MIN_COEF: {
    status: 409,
    key: 'errors.promo_code_min_coef',
    message: 'The coupon coefficient is below this promo code’s minimum',
  },
  // Free bets in the bet slip (issue 20): rejections of a placement with freeBetId, and cash-out.
  FREE_BET_NOT_FOUND: { status: 404, key: 'errors.free_bet_not_found', message: 'You have no such free bet' },
  FREE_BET_USED: { status: 409, key: 'errors.free_bet_used', message: 'This free bet has already been used' },
  FREE_BET_EXPIRED: { status: 409, key: 'errors.free_bet_expired', message: 'This free bet has expired' },
  FREE_BET_STAKE: {
    status: 409,
    key: 'errors.free_bet_stake',
    message: 'A free bet is staked whole: the stake must be its amount',
  },
  FREE_BET_MIN_COEF: {
    status: 409,
    key: 'errors.free_bet_min_coef',
    message: 'The coupon coefficient is below this free bet’s minimum',
  },
  FREE_BET_NOT_ALLOWED: {
    status: 409,
    key: 'errors.free_bet_not_allowed',
    message:
      'A free bet is for a single or an express from the main account, without a promo code or a live delay',
  },
  // Odds boosts in the bet slip (issue 20): rejections of a placement with oddsBoostId.
  ODDS_BOOST_NOT_FOUND: {
    status: 404,
    key: 'errors.odds_boost_not_found',
    message: 'You have no such odds boost',
  },
  ODDS_BOOST_USED: {
    status: 409,
    key: 'errors.odds_boost_used',
    message: 'This odds boost has already been used',
  },
  ODDS_BOOST_EXPIRED: {
    status: 409,
    key: 'errors.odds_boost_expired',
    message: 'This odds boost has expired',
  },
  ODDS_BOOST_MIN_COEF: {
    status: 409,
    key: 'errors.odds_boost_min_coef',
    message: 'The coupon coefficient is below this odds boost’s minimum',
  },
  ODDS_BOOST_NOT_ALLOWED: {
    status: 409,
    key: 'errors.odds_boost_not_allowed',
    message:
      'An odds boost is for a single or an express from the main account, without a promo code, a free bet or a live delay',
  },
  CASHOUT_FREE_BET: {
    status: 409,
    key: 'errors.cashout_free_bet',
    message: 'A bet placed with a free bet cannot be cashed out',
  },
  COUPON_CODE_NOT_FOUND: {
    status: 404,
    key: 'errors.coupon_code_not_found',
    message: 'No saved coupon with this code (codes last 30 days)',
  },
  VIP_BET_NOT_AVAILABLE: {
    status: 409,
    key: 'errors.vip_bet_not_available',
    message: 'A VIP bet request needs a line coupon with a stake above the maximum',
  },
  VIP_REQUEST_NOT_FOUND: {
    status: 404,
    key: 'errors.vip_request_not_found',
    message: 'No such VIP bet request',
  },
  VIP_REQUEST_DECIDED: {
    status: 409,
    key: 'errors.vip_request_decided',
    message: 'This VIP bet request was already decided',
  },
  VIP_REQUEST_REJECTED: {
    status: 409,
    key: 'errors.vip_request_rejected',
    message: 'The VIP bet request was declined',
  },
  VIP_REQUEST_EXPIRED: {
    status: 409,
    key: 'errors.vip_request_expired',
    message: 'The VIP bet request was not decided in time',
  },
  CASHOUT_UNAVAILABLE: {
    status: 409,
    key: 'errors.cashout_unavailable',
    message: 'Cash-out is not available for this bet now',
  },
  CASHOUT_PRICE_CHANGED: {
    status: 409,
    key: 'errors.cashout_price_changed',
    message: 'The cash-out offer went down; look at the new one',
  },
  // Accounts and authentication (auth, captcha modules; origin check).
  NOT_AUTHENTICATED: { status: 401, key: 'errors.not_authenticated', message: 'Sign in first' },
  INVALID_CREDENTIALS: {
    status: 400,
    key: 'errors.invalid_credentials',
    message: 'Wrong login or password',
  },
  TWO_STEP_INVALID: { status: 400, key: 'errors.two_step_invalid', message: 'Wrong two-step code' },
  TWO_STEP_ALREADY_ENABLED: {
    status: 409,
    key: 'errors.two_step_already_enabled',
    message: 'Two-step sign-in is already on',
  },
  TWO_STEP_NOT_ENABLED: {
    status: 409,
    key: 'errors.two_step_not_enabled',
    message: 'Two-step sign-in is not on',
  },
  TWO_STEP_NOT_STARTED: {
    status: 409,
    key: 'errors.two_step_not_started',
    message: 'Start two-step setup first',
  },
  REAUTH_REQUIRED: {
    status: 403,
    key: 'errors.reauth_required',
    message: 'Confirm your password or code again to make this change',
  },
  TERMS_NOT_CONFIRMED: {
    status: 451,
    key: 'errors.terms_not_confirmed',
    message: 'The terms changed; confirm them to continue',
  },
  REGISTRATION_DISABLED: {
    status: 403,
    key: 'errors.registration_disabled',
    message: 'Registration is closed',
  },
  REGISTRATION_TYPE_DISABLED: {
    status: 403,
    key: 'errors.registration_type_disabled',
    message: 'This kind of registration is not offered',
  },
  EMAIL_TAKEN: { status: 409, key: 'errors.email_taken', message: 'This e-mail is already registered' },
  PHONE_TAKEN: { status: 409, key: 'errors.phone_taken', message: 'This phone is already registered' },
  PASSWORD_TOO_SHORT: {
    status: 400,
    key: 'errors.password_too_short',
    message: 'The password needs at least 8 characters',
  },
  PASSWORD_TOO_LONG: {
    status: 400,
    key: 'errors.password_too_long',
    message: 'The password may have at most 128 characters',
  },
  UNDERAGE: { status: 400, key: 'errors.underage', message: 'Players must be 18 or older' },
  WRONG_CODE: { status: 400, key: 'errors.wrong_code', message: 'Wrong code' },
  CODE_TIME_UP: { status: 400, key: 'errors.time_up', message: 'The code has expired; ask for a new one' },
  CODE_ATTEMPTS_EXCEEDED: {
    status: 400,
    key: 'errors.code_attempts_exceeded',
    message: 'Too many wrong codes; ask for a new one',
  },
  CAPTCHA_REQUIRED: {
    status: 400,
    key: 'errors.captcha_required',
    message: 'Solve the captcha and try again',
  },
  TOKEN_LOGIN_INVALID: {
    status: 400,
    key: 'errors.token_login_invalid',
    message: 'The sign-in link is not valid or has expired',
  },
  SOCIAL_PROVIDER_UNKNOWN: {
    status: 404,
    key: 'errors.social_provider_unknown',
    message: 'No such sign-in provider',
  },
  SOCIAL_TOKEN_INVALID: {
    status: 400,
    key: 'errors.social_token_invalid',
    message: 'The sign-in provider answer could not be verified',
  },
  SESSION_NOT_FOUND: { status: 404, key: 'errors.session_not_found', message: 'No such session' },
  SIGN_IN_INTERRUPTED: {
    status: 409,
    key: 'errors.sign_in_interrupted',
    message: 'The account changed while you were signing in; sign in again',
  },
  FINGERPRINT_INVALID: {
    status: 400,
    key: 'errors.fingerprint_invalid',
    message: 'The device check did not pass; refresh it and try again',
  },
  ORIGIN_FORBIDDEN: {
    status: 403,
    key: 'errors.origin_forbidden',
    message: 'Requests from another site are not accepted',
  },
  // Responsible gaming (limits module).
  LIMIT_VALUE_NOT_ALLOWED: {
    status: 400,
    key: 'errors.limit_value_not_allowed',
    message: 'This value is not offered for this limit',
  },
  LIMIT_LOCKED: {
    status: 409,
    key: 'errors.limit_locked',
    message: 'A running self-exclusion or time-out cannot be changed or cancelled',
  },
  LIMIT_OPERATOR_LOCKED: {
    status: 409,
    key: 'errors.limit_operator_locked',
    message: 'This limit was set by the operator: it can be made stricter, not raised or removed',
  },
  LIMIT_NOTHING_PENDING: {
    status: 409,
    key: 'errors.limit_nothing_pending',
    message: 'There is no limit change waiting for this action',
  },
  LIMIT_FX_RATE_MISSING: {
    status: 403,
    key: 'errors.limit_fx_rate_missing',
    message: 'No exchange rate is known to count this currency against your limit',
  },
  LIMIT_DEPOSIT_EXCEEDED: {
    status: 403,
    key: 'errors.limit_deposit_exceeded',
    message: 'This deposit would pass your deposit limit',
  },
  LIMIT_WAGER_EXCEEDED: {
    status: 403,
    key: 'errors.limit_wager_exceeded',
    message: 'This stake would pass your wagering limit',
  },
  LIMIT_LOSS_EXCEEDED: {
    status: 403,
    key: 'errors.limit_loss_exceeded',
    message: 'This stake could pass your loss limit',
  },
  LIMIT_SELF_EXCLUDED: {
    status: 403,
    key: 'errors.limit_self_excluded',
    message: 'You excluded yourself from play until the date given',
  },
  LIMIT_TIME_OUT: {
    status: 403,
    key: 'errors.limit_time_out',
    message: 'You took a time-out from play until the date given',
  },
  LIMIT_SESSION_ENDED: {
    status: 403,
    key: 'errors.limit_session_ended',
    message: 'Your session time is over for today; visit us tomorrow',
  },
  SUPPORT_REQUEST_NOT_FOUND: {
    status: 404,
    key: 'errors.support_request_not_found',
    message: 'No such support request',
  },
  SUPPORT_REQUEST_CLOSED: {
    status: 409,
    key: 'errors.support_request_closed',
    message: 'This support request is closed',
  },
  SUPPORT_TOPIC_UNKNOWN: {
    status: 400,
    key: 'errors.support_topic_unknown',
    message: 'Choose a topic from the list',
  },
  SUPPORT_MESSAGE_TOO_LONG: {
    status: 413,
    key: 'errors.support_message_too_long',
    message: 'The message is too long',
  },
  SUPPORT_ATTACHMENT_TOO_LARGE: {
    status: 413,
    key: 'errors.support_attachment_too_large',
    message: 'The file is too large',
  },
  SUPPORT_ATTACHMENT_TYPE: {
    status: 415,
    key: 'errors.support_attachment_type',
    message: 'Attach a PNG, JPEG, WebP or PDF file',
  },
  SUPPORT_RATING_NOT_ALLOWED: {
    status: 409,
    key: 'errors.support_rating_not_allowed',
    message: 'Only a closed request can be rated, once',
  },
  SUPPORT_TOO_MANY_OPEN: {
    status: 409,
    key: 'errors.support_too_many_open',
    message: 'Too many open requests; close one first',
  },
  MESSAGING_OFF: {
    status: 403,
    key: 'errors.messaging_off',
    message: 'Codes by e-mail and SMS are not available on this site',
  },
  OUTBOX_MESSAGE_NOT_FOUND: {
    status: 404,
    key: 'errors.outbox_message_not_found',
    message: 'No such outbox message',
  },
  OUTBOX_NOT_DEAD: { status: 409, key: 'errors.outbox_not_dead', message: 'The message is not dead' },
  IDEA_NOT_FOUND: { status: 404, key: 'errors.idea_not_found', message: 'No such idea' },
  IDEA_OWN_VOTE: { status: 409, key: 'errors.idea_own_vote', message: 'You cannot vote for your own idea' },
  MAILING_LINK_INVALID: {
    status: 400,
    key: 'errors.mailing_link_invalid',
    message: 'This unsubscribe link is not valid',
  },
  QR_LOGIN_NOT_FOUND: { status: 404, key: 'errors.qr_login_not_found', message: 'This QR code is unknown' },
  QR_LOGIN_EXPIRED: {
    status: 410,
    key: 'errors.qr_login_expired',
    message: 'This QR code has expired; show a new one',
  },
  QR_LOGIN_USED: { status: 409, key: 'errors.qr_login_used', message: 'This QR code has already been used' },
  CONTENT_NOT_FOUND: {
    status: 404,
    key: 'errors.content_not_found',
    message: 'No such page, article or news item',
  },
  CASINO_GAME_NOT_FOUND: {
    status: 404,
    key: 'errors.casino_game_not_found',
    message: 'No such casino game',
  },
  CASINO_STAKE_OUT_OF_RANGE: {
    status: 422,
    key: 'errors.casino_stake_out_of_range',
    message: "The stake is outside the game's limits",
  },
  CASINO_STAKE_PRECISION: {
    status: 422,
    key: 'errors.casino_stake_precision',
    message: 'The stake has more decimals than the currency allows',
  },
  CASINO_RULE: {
    status: 422,
    key: 'errors.casino_rule',
    message: "The game's rules do not allow this bet",
  },
  CASINO_ACTION_NOT_ALLOWED: {
    status: 409,
    key: 'errors.casino_action_not_allowed',
    message: 'This decision is not allowed now',
  },
  CASINO_ROUND_OPEN: {
    status: 409,
    key: 'errors.casino_round_open',
    message: 'Finish the open round of this game first',
  },
  CASINO_ROUND_NOT_FOUND: {
    status: 404,
    key: 'errors.casino_round_not_found',
    message: 'No such round',
  },
  CASINO_ROUND_FINISHED: {
    status: 409,
    key: 'errors.casino_round_finished',
    message: 'This round is already over',
  },
  CASINO_IDEMPOTENCY_MISMATCH: {
    status: 422,
    key: 'errors.casino_idempotency_mismatch',
    message: 'This Idempotency-Key was already used for a different round request',
  },
  CASINO_DEMO_ONLY: {
    status: 422,
    key: 'errors.casino_demo_only',
    message: 'This game is played in demo mode only',
  },
  CASINO_REAL_ONLY: {
    status: 422,
    key: 'errors.casino_real_only',
    message: 'This game is played for real money only',
  },
  CASINO_FREE_SPIN_GAME_MISMATCH: {
    status: 422,
    key: 'errors.casino_free_spin_game_mismatch',
    message: 'These free spins are not played on this game',
  },
  CASINO_FREE_SPIN_STAKE_MISMATCH: {
    status: 422,
    key: 'errors.casino_free_spin_stake_mismatch',
    message: 'A free spin is played at the stake of its bonus',
  },
  CASINO_MIN_ROUND_INTERVAL: {
    status: 429,
    key: 'errors.casino_min_round_interval',
    message: 'Rounds cannot follow each other this fast; wait a moment',
  },
  CASINO_CLIENT_SEED_INVALID: {
    status: 422,
    key: 'errors.casino_client_seed_invalid',
    message: 'The client seed must be 1 to 64 printable characters without a colon',
  },
  CASINO_PROVIDER_NOT_FOUND: {
    status: 404,
    key: 'errors.casino_provider_not_found',
    message: 'No such game provider',
  },
  INTERNAL: { status: 500, key: 'errors.internal', message: 'Something went wrong on our side' },
  CASINO_CRASH_NOT_ACCEPTING: {
    status: 409,
    key: 'errors.casino_crash_not_accepting',
    message: 'Bets are taken only while the next crash round is open for betting',
  },
  CASINO_CRASH_CASHOUT_LATE: {
    status: 409,
    key: 'errors.casino_crash_cashout_late',
    message: 'Too late: the round crashed before the cash-out',
  },
  CASINO_DRAW_CLOSED: {
    status: 409,
    key: 'errors.casino_draw_closed',
    message: 'This draw no longer takes bets or cards: wait for the next one',
  },
  LOTTO_GAME_NOT_FOUND: {
    status: 404,
    key: 'errors.lotto_game_not_found',
    message: 'No such lotto game',
  },
  LOTTO_DRAW_NOT_FOUND: {
    status: 404,
    key: 'errors.lotto_draw_not_found',
    message: 'No such lotto draw',
  },
  LOTTO_TICKET_NOT_FOUND: {
    status: 404,
    key: 'errors.lotto_ticket_not_found',
    message: 'No such lotto ticket',
  },
  LOTTO_WRONG_COUNT: {
    status: 422,
    key: 'errors.lotto_wrong_count',
    message: 'The ticket has the wrong count of numbers for this game',
  },
  LOTTO_NUMBERS_OUT_OF_RANGE: {
    status: 422,
    key: 'errors.lotto_numbers_out_of_range',
    message: "A number is outside the game's range",
  },
  LOTTO_NUMBERS_REPEATED: {
    status: 422,
    key: 'errors.lotto_numbers_repeated',
    message: 'A number appears twice on the ticket',
  },
  LOTTO_DRAWS_OUT_OF_RANGE: {
    status: 422,
    key: 'errors.lotto_draws_out_of_range',
    message: 'This game cannot be played for that many draws',
  },
  LOTTO_PRICE_MISMATCH: {
    status: 422,
    key: 'errors.lotto_price_mismatch',
    message: 'The ticket price has changed; check it and buy again',
  },
  LOTTO_CURRENCY_NOT_SUPPORTED: {
    status: 422,
    key: 'errors.lotto_currency_not_supported',
    message: "This lotto is not played in your account's currency",
  },
  CASHBACK_PREMIUM_NOT_ELIGIBLE: {
    status: 409,
    key: 'errors.cashback_premium_not_eligible',
    message: 'Premium cashback opens from a higher VIP level',
  },
  TOURNAMENT_NOT_FOUND: {
    status: 404,
    key: 'errors.tournament_not_found',
    message: 'Tournament not found',
  },
  TOURNAMENT_NOT_RUNNING: {
    status: 409,
    key: 'errors.tournament_not_running',
    message: 'This tournament has ended',
  },
  LOTTO_IDEMPOTENCY_MISMATCH: {
    status: 422,
    key: 'errors.lotto_idempotency_mismatch',
    message: 'This Idempotency-Key was already used for a different ticket',
  },
  LOTTO_SALES_CLOSED: {
    status: 409,
    key: 'errors.lotto_sales_closed',
    message: 'Ticket sales for this draw are closed',
  },
  LOTTO_NOT_ENOUGH_DRAWS: {
    status: 409,
    key: 'errors.lotto_not_enough_draws',
    message: 'Not that many draws are on sale yet',
  },
  TOTO_DRAW_NOT_FOUND: {
    status: 404,
    key: 'errors.toto_draw_not_found',
    message: 'No such toto draw',
  },
  TOTO_COUPON_NOT_FOUND: {
    status: 404,
    key: 'errors.toto_coupon_not_found',
    message: 'No such toto coupon',
  },
  TOTO_POOL_CLOSED: {
    status: 409,
    key: 'errors.toto_pool_closed',
    message: 'This toto draw no longer takes coupons',
  },
  TOTO_MATCH_MISSING: {
    status: 422,
    key: 'errors.toto_match_missing',
    message: 'Pick at least one outcome for every match of the draw',
  },
  TOTO_BAD_OUTCOME: {
    status: 422,
    key: 'errors.toto_bad_outcome',
    message: 'A pick is one to three of the outcomes 1, X and 2, once each',
  },
  TOTO_STAKE_BELOW_MINIMUM: {
    status: 422,
    key: 'errors.toto_stake_below_minimum',
    message: "The stake per combination is below the draw's minimum",
  },
  TOTO_STAKE_STEP: {
    status: 422,
    key: 'errors.toto_stake_step',
    message: "The stake per combination must be a whole multiple of the draw's minimum",
  },
  TOTO_CURRENCY: {
    status: 422,
    key: 'errors.toto_currency',
    message: 'The toto is played in another currency: open an account in it first',
  },
  TOTO_IDEMPOTENCY_MISMATCH: {
    status: 422,
    key: 'errors.toto_idempotency_mismatch',
    message: 'This Idempotency-Key was already used for a different coupon',
  },
  BONUS_PROMO_UNKNOWN: { status: 404, key: 'errors.bonus_promo_unknown', message: 'No such promo code' },
  BONUS_PROMO_EXPIRED: {
    status: 409,
    key: 'errors.bonus_promo_expired',
    message: 'This promo code has expired',
  },
  BONUS_PROMO_USED_UP: {
    status: 409,
    key: 'errors.bonus_promo_used_up',
    message: 'This promo code has been used up',
  },
  BONUS_COUNTRY_NOT_ALLOWED: {
    status: 403,
    key: 'errors.bonus_country_not_allowed',
    message: 'This bonus is not offered in your country',
  },
  BONUS_BUDGET_EXHAUSTED: {
    status: 409,
    key: 'errors.bonus_budget_exhausted',
    message: 'This promotion has run out',
  },
  BONUS_MAX_BET: {
    status: 409,
    key: 'errors.bonus_max_bet',
    message: 'The stake is above the maximum bet while a bonus is being wagered',
  },
  BONUS_ALREADY_CLAIMED: {
    status: 409,
    key: 'errors.bonus_already_claimed',
    message: 'You have already received this bonus',
  },
  BONUS_NOT_ELIGIBLE: {
    status: 403,
    key: 'errors.bonus_not_eligible',
    message: 'You cannot receive this bonus',
  },
  BONUS_SEGMENT_INVALID: {
    status: 400,
    key: 'errors.bonus_segment_invalid',
    message: 'No such segment or player',
  },
  BONUS_ACTIVE_EXISTS: {
    status: 409,
    key: 'errors.bonus_active_exists',
    message: 'Finish or forfeit your active bonus first',
  },
  BONUS_CAMPAIGN_CLOSED: {
    status: 409,
    key: 'errors.bonus_campaign_closed',
    message: 'This promotion is not running now',
  },
  BONUS_CAMPAIGN_NOT_FOUND: {
    status: 404,
    key: 'errors.bonus_campaign_not_found',
    message: 'No such promotion',
  },
  BONUS_CAMPAIGN_INVALID: {
    status: 400,
    key: 'errors.bonus_campaign_invalid',
    message: 'The promotion definition is not valid',
  },
  BONUS_CAMPAIGN_EXISTS: {
    status: 409,
    key: 'errors.bonus_campaign_exists',
    message: 'A promotion or promo code with this code exists',
  },
  BONUS_NOT_FOUND: { status: 404, key: 'errors.bonus_not_found', message: 'No such bonus' },
  BONUS_NOT_ACTIVE: {
    status: 409,
    key: 'errors.bonus_not_active',
    message: 'This bonus is no longer active',
  },
  BONUS_CONFIRMATION_REQUIRED: {
    status: 409,
    key: 'errors.bonus_confirmation_required',
    message: 'Confirm that your active bonuses will be forfeited',
  },
  BONUS_FORFEIT_CONFIRMATION_REQUIRED: {
    status: 409,
    key: 'errors.bonus_forfeit_confirmation_required',
    message: 'A withdrawal forfeits your active bonuses in this currency: confirm it to withdraw',
  },
  BONUS_POINTS_INSUFFICIENT: {
    status: 409,
    key: 'errors.bonus_points_insufficient',
    message: 'Not enough points',
  },
  BONUS_SHOP_ITEM_NOT_FOUND: {
    status: 404,
    key: 'errors.bonus_shop_item_not_found',
    message: 'No such reward',
  },
  REFERRAL_CODE_UNKNOWN: {
    status: 404,
    key: 'errors.referral_code_unknown',
    message: 'No player has this referral code',
  },
  REFERRAL_SELF: {
    status: 409,
    key: 'errors.referral_self',
    message: 'You cannot use your own referral code',
  },
  REFERRAL_ALREADY_SET: {
    status: 409,
    key: 'errors.referral_already_set',
    message: "You already came by a friend's invitation",
  },
  REFERRAL_TOO_LATE: {
    status: 409,
    key: 'errors.referral_too_late',
    message: "A friend's code can be entered only before the first deposit",
  },
  // Back office (backoffice module).
  BACKOFFICE_NOT_SIGNED_IN: {
    status: 401,
    key: 'errors.backoffice_not_signed_in',
    message: 'Sign in to the back office first',
  },
  BACKOFFICE_FORBIDDEN: {
    status: 403,
    key: 'errors.backoffice_forbidden',
    message: 'Your role may not do this',
  },
  BACKOFFICE_INVALID_CREDENTIALS: {
    status: 401,
    key: 'errors.backoffice_invalid_credentials',
    message: 'Wrong login or password',
  },
  BACKOFFICE_WRONG_CODE: {
    status: 401,
    key: 'errors.backoffice_wrong_code',
    message: 'The code is wrong or already used; wait for the next one',
  },
  BACKOFFICE_LOCKED: {
    status: 429,
    key: 'errors.backoffice_locked',
    message: 'Too many failed attempts; the account is locked for 15 minutes',
  },
  BACKOFFICE_IP_NOT_ALLOWED: {
    status: 403,
    key: 'errors.backoffice_ip_not_allowed',
    message: 'The back office is not open to this address',
  },
  BACKOFFICE_LOGIN_TAKEN: {
    status: 409,
    key: 'errors.backoffice_login_taken',
    message: 'An operator with this login exists',
  },
  BACKOFFICE_OPERATOR_NOT_FOUND: {
    status: 404,
    key: 'errors.backoffice_operator_not_found',
    message: 'No such operator',
  },
  BACKOFFICE_SESSION_NOT_FOUND: {
    status: 404,
    key: 'errors.backoffice_session_not_found',
    message: 'No such open session',
  },
  BACKOFFICE_ALREADY_DECIDED: {
    status: 409,
    key: 'errors.backoffice_already_decided',
    message: 'This withdrawal was already decided',
  },
  BACKOFFICE_PLAYER_NOT_FOUND: {
    status: 404,
    key: 'errors.backoffice_player_not_found',
    message: 'No such player',
  },
  BACKOFFICE_ADJUSTMENT_NOT_FOUND: {
    status: 404,
    key: 'errors.backoffice_adjustment_not_found',
    message: 'No such adjustment',
  },
  BACKOFFICE_OWN_PROPOSAL: {
    status: 409,
    key: 'errors.backoffice_own_proposal',
    message: 'Another operator must decide an adjustment you proposed',
  },
  BACKOFFICE_ADJUSTMENT_DECIDED: {
    status: 409,
    key: 'errors.backoffice_adjustment_decided',
    message: 'This adjustment was already decided',
  },
  BACKOFFICE_CASE_NOT_FOUND: {
    status: 404,
    key: 'errors.backoffice_case_not_found',
    message: 'No such alert case',
  },
  TRADING_MARKET_NOT_FOUND: {
    status: 404,
    key: 'errors.trading_market_not_found',
    message: 'No such market',
  },
  TRADING_OUTCOME_NOT_FOUND: {
    status: 404,
    key: 'errors.trading_outcome_not_found',
    message: 'No such outcome',
  },
  TRADING_OUTCOME_RESULTED: {
    status: 409,
    key: 'errors.trading_outcome_resulted',
    message: 'This outcome is resulted: its price is final',
  },
  TRADING_RESULT_CHANGED: {
    status: 409,
    key: 'errors.trading_result_changed',
    message: 'The market changed since you looked at it; look at it again',
  },
  TRADING_BET_NOT_VOIDABLE: {
    status: 409,
    key: 'errors.trading_bet_not_voidable',
    message: 'This bet cannot be voided in its state',
  },
  CONTENT_ALREADY_EXISTS: {
    status: 409,
    key: 'errors.content_already_exists',
    message: 'An item of this type, language and address already exists',
  },
  BLOCK_RULE_NOT_FOUND: { status: 404, key: 'errors.block_rule_not_found', message: 'No such block rule' },
  BLOCK_RULE_INVALID: {
    status: 400,
    key: 'errors.block_rule_invalid',
    message: 'The pattern or reason does not fit the kind of block rule',
  },
  REDIRECT_RULE_NOT_FOUND: {
    status: 404,
    key: 'errors.redirect_rule_not_found',
    message: 'No such redirect rule',
  },
  REDIRECT_SOURCE_INVALID: {
    status: 400,
    key: 'errors.redirect_source_invalid',
    message: 'The source must be a site path starting with /',
  },
  REDIRECT_TARGET_INVALID: {
    status: 400,
    key: 'errors.redirect_target_invalid',
    message: 'The target must be a site path or an http(s) address',
  },
  REDIRECT_SOURCE_TAKEN: {
    status: 409,
    key: 'errors.redirect_source_taken',
    message: 'Another rule already redirects this path',
  },
  REDIRECT_LOOP: {
    status: 400,
    key: 'errors.redirect_loop',
    message: 'This rule would send visitors round in a circle',
  },
  TERMS_DATE_IN_PAST: {
    status: 400,
    key: 'errors.terms_date_in_past',
    message: 'The terms cannot take effect in the past',
  },
  CHAMP_NOT_FOUND: { status: 404, key: 'errors.champ_not_found', message: 'No such championship' },
} as const satisfies Record<string, { status: number; key: string; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; key: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly key: string;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    const entry = ERRORS[code];
    super(message ?? entry.message);
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.key = entry.key;
    this.details = details;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: { code: this.code, message: this.message, key: this.key } };
    if (this.details !== undefined) body.error.details = this.details;
    return body;
  }
}
