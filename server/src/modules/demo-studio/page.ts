/**
 * The studio's game page (served in the casino's iframe) and its one script file. The page has no
 * inline script (the site's CSP allows scripts from 'self' only): the settings ride in data
 * attributes, the texts (the studio's own, ru and en) in a data attribute as JSON, and
 * /dev/demo-studio/studio.js does the rest. Styles are inline (CSP allows them).
 */
import { KOI_SLOT_CODE, RED, ROULETTE_CODE, SLOT_CODE, WHEEL } from './games.ts';
import { POKER_LOBBY_CODE, POKER_TABLES, pokerLobby } from './poker-tables.ts';

export const STUDIO_TEXTS = {
  ru: {
    title: 'Демо-студия Parlay',
    slot: 'Фруктовые барабаны',
    koi: 'Пруд с карпами кои',
    roulette: 'Живая рулетка',
    balance: 'Баланс',
    stake: 'Ставка',
    spin: 'Крутить',
    win: 'Выигрыш',
    lose: 'Без выигрыша',
    demo: 'Демо-режим: игровые деньги',
    unknownGame: 'Неизвестная игра',
    betsOpen: 'Ставки принимаются',
    betsClosed: 'Ставки закрыты',
    nextSpin: 'До вращения',
    place: 'Поставить',
    myBets: 'Мои ставки',
    history: 'Последние числа',
    red: 'Красное',
    black: 'Чёрное',
    odd: 'Нечёт',
    even: 'Чёт',
    low: '1–18',
    high: '19–36',
    dozen: 'Дюжина',
    straight: 'Число',
    error: 'Ошибка',
    voided: 'Ставка отменена и возвращена',
    poker: 'Столы холдема',
    pokerCaption: 'Столы студии: блайнды, бай-ин и занятые места',
    table: 'Стол',
    variant: 'Игра',
    blinds: 'Блайнды',
    buyIn: 'Бай-ин',
    seats: 'Места',
    seatsOf: '{seated} из {seats}',
    'no-limit': 'Безлимитный холдем',
    'fixed-limit': 'Лимитный холдем',
    pokerNote:
      'Безлимитный и лимитный холдем против ботов студии. Рейк — 3 % каждого банка, дошедшего до флопа, не больше трёх больших блайндов за раздачу.',
    sitAt: 'Сесть за стол',
    chooseTable: 'Стол',
    sitDown: 'Сесть',
    tablePlay: 'Игра за столом',
    oval: 'Стол и места',
    you: 'Вы',
    dealer: 'дилер',
    folded: 'сбросил',
    allInTag: 'олл-ин',
    board: 'Общие карты',
    yourCards: 'Ваши карты',
    pot: 'Банк',
    stack: 'Стек',
    bet: 'Ставка',
    handNo: 'Раздача',
    yourTurn: 'Ваш ход',
    turnOf: 'Ходит {name}',
    timeLeft: 'осталось {s} с',
    fold: 'Сбросить',
    check: 'Чек',
    call: 'Уравнять {amount}',
    betTo: 'Поставить',
    raiseTo: 'Повысить до',
    allIn: 'Олл-ин',
    amount: 'Сумма',
    nextHand: 'Следующая раздача',
    rebuy: 'Докупить',
    leave: 'Встать из-за стола',
    handHistory: 'Ход раздачи',
    paidBack: 'Стек возвращён на счёт: {amount}',
    leftTimeout: 'Вы пропустили несколько ходов подряд — студия подняла вас из-за стола.',
    leftIdle: 'Страница была закрыта — студия подняла вас из-за стола.',
    leftSession: 'Сессия за столом закончилась (45 минут) — сядьте снова.',
    evBlind: '{name}: блайнд {amount}',
    evFold: '{name}: пас',
    evCheck: '{name}: чек',
    evCall: '{name}: колл {amount}',
    evBet: '{name}: ставка {to}',
    evRaise: '{name}: рейз до {to}',
    'evAll-in': '{name}: олл-ин, в банке {to}',
    evStreet: '{street}: {board}',
    evRefund: '{name}: возврат {amount}',
    evShow: '{name}: {cards}, {category}',
    evPot: 'Банк {amount} (рейк {rake}): {winners}',
    flop: 'Флоп',
    turn: 'Тёрн',
    river: 'Ривер',
    'hc-high-card': 'старшая карта',
    'hc-pair': 'пара',
    'hc-two-pair': 'две пары',
    'hc-three-of-a-kind': 'сет',
    'hc-straight': 'стрит',
    'hc-flush': 'флеш',
    'hc-full-house': 'фулл-хаус',
    'hc-four-of-a-kind': 'каре',
    'hc-straight-flush': 'стрит-флеш',
  },
  en: {
    title: 'Parlay demo studio',
    slot: 'Fruit Reels',
    koi: 'Koi Pond Reels',
    roulette: 'Live Roulette',
    balance: 'Balance',
    stake: 'Stake',
    spin: 'Spin',
    win: 'Win',
    lose: 'No win',
    demo: 'Demo mode: fun money',
    unknownGame: 'Unknown game',
    betsOpen: 'Bets open',
    betsClosed: 'Bets closed',
    nextSpin: 'Spin in',
    place: 'Place bet',
    myBets: 'My bets',
    history: 'Last numbers',
    red: 'Red',
    black: 'Black',
    odd: 'Odd',
    even: 'Even',
    low: '1–18',
    high: '19–36',
    dozen: 'Dozen',
    straight: 'Number',
    error: 'Error',
    voided: 'Bet voided and refunded',
    poker: "Hold'em tables",
    pokerCaption: "The studio's tables: blinds, buy-in and seats taken",
    table: 'Table',
    variant: 'Game',
    blinds: 'Blinds',
    buyIn: 'Buy-in',
    seats: 'Seats',
    seatsOf: '{seated} of {seats}',
    'no-limit': "No-limit hold'em",
    'fixed-limit': "Fixed-limit hold'em",
    pokerNote:
      "No-limit and fixed-limit hold'em against the studio's bots. Rake: 3 % of each pot that saw a flop, at most three big blinds a hand.",
    sitAt: 'Take a seat',
    chooseTable: 'Table',
    sitDown: 'Sit down',
    tablePlay: 'At the table',
    oval: 'The table and its seats',
    you: 'You',
    dealer: 'dealer',
    folded: 'folded',
    allInTag: 'all-in',
    board: 'Board',
    yourCards: 'Your cards',
    pot: 'Pot',
    stack: 'Stack',
    bet: 'Bet',
    handNo: 'Hand',
    yourTurn: 'Your turn',
    turnOf: '{name} to act',
    timeLeft: '{s} s left',
    fold: 'Fold',
    check: 'Check',
    call: 'Call {amount}',
    betTo: 'Bet',
    raiseTo: 'Raise to',
    allIn: 'All-in',
    amount: 'Amount',
    nextHand: 'Next hand',
    rebuy: 'Rebuy',
    leave: 'Leave the table',
    handHistory: 'Hand history',
    paidBack: 'Stack paid back to your account: {amount}',
    leftTimeout: 'You let several turns time out in a row: the studio stood you up.',
    leftIdle: 'The page was closed: the studio stood you up.',
    leftSession: 'The table session ended (45 minutes): sit down again.',
    evBlind: '{name}: blind {amount}',
    evFold: '{name}: fold',
    evCheck: '{name}: check',
    evCall: '{name}: call {amount}',
    evBet: '{name}: bet {to}',
    evRaise: '{name}: raise to {to}',
    'evAll-in': '{name}: all-in, {to} in',
    evStreet: '{street}: {board}',
    evRefund: '{name}: {amount} returned (uncalled)',
    evShow: '{name}: {cards}, {category}',
    evPot: 'Pot {amount} (rake {rake}): {winners}',
    flop: 'Flop',
    turn: 'Turn',
    river: 'River',
    'hc-high-card': 'high card',
    'hc-pair': 'a pair',
    'hc-two-pair': 'two pair',
    'hc-three-of-a-kind': 'three of a kind',
    'hc-straight': 'a straight',
    'hc-flush': 'a flush',
    'hc-full-house': 'a full house',
    'hc-four-of-a-kind': 'four of a kind',
    'hc-straight-flush': 'a straight flush',
  },
} as const;

const attr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function wheelSvg(): string {
  const step = 360 / WHEEL.length;
  const sectors = WHEEL.map((n, i) => {
    const a0 = ((i - 0.5) * step - 90) * (Math.PI / 180);
    const a1 = ((i + 0.5) * step - 90) * (Math.PI / 180);
    const p = (a: number, r: number) =>
      `${(100 + r * Math.cos(a)).toFixed(2)},${(100 + r * Math.sin(a)).toFixed(2)}`;
    const fill = n === 0 ? '#1f8a4c' : RED.has(n) ? '#c0392b' : '#1c1c1c';
    const mid = (i * step - 90) * (Math.PI / 180);
    const [tx, ty] = p(mid, 82).split(',');
    return (
      `<path d="M100,100 L${p(a0, 96)} A96,96 0 0,1 ${p(a1, 96)} Z" fill="${fill}" stroke="#d4af37" stroke-width="0.5"/>` +
      `<text x="${tx}" y="${ty}" fill="#fff" font-size="7" text-anchor="middle" dominant-baseline="middle" transform="rotate(${(i * step).toFixed(2)} ${tx} ${ty})">${n}</text>`
    );
  }).join('');
  return `<svg viewBox="0 0 200 200" width="260" height="260" aria-hidden="true"><g id="wheel" style="transform-origin:100px 100px;transition:transform 6s cubic-bezier(.15,.7,.2,1)">${sectors}<circle cx="100" cy="100" r="50" fill="#5b3a1a" stroke="#d4af37"/></g><polygon points="100,2 94,14 106,14" fill="#ffec27"/></svg>`;
}

const STYLE =
  'body{margin:0;font:15px system-ui,sans-serif;background:#101522;color:#eee}main{max-width:720px;margin:auto;padding:16px;text-align:center}' +
  'button,select,input{font:inherit;padding:6px 12px;margin:3px;border-radius:6px;border:1px solid #555;background:#222a3d;color:#eee}button:disabled{opacity:.5}' +
  '.reels{display:flex;justify-content:center;gap:10px;margin:20px}.reel{width:90px;height:90px;font-size:54px;line-height:90px;background:#fff;color:#000;border-radius:10px}' +
  '.tables{width:100%;border-collapse:collapse;margin:12px 0}.tables caption{margin:6px;color:#bbb}.tables th,.tables td{padding:6px 8px;border-bottom:1px solid #333;text-align:left}' +
  '.felt{position:relative;height:300px;margin:16px 8px 40px;border-radius:50%;background:radial-gradient(#1f7a45,#0d4d2a);border:10px solid #5b3a1a}' +
  '.seats{list-style:none;margin:0;padding:0}.seats li{position:absolute;transform:translate(-50%,-50%);min-width:96px;padding:4px 6px;border-radius:8px;background:#101522e6;font-size:13px}' +
  '.seats li.act{outline:3px solid #ffec27}.seats li.out{opacity:.5}.center{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%)}' +
  '.cards span{display:inline-block;min-width:30px;margin:1px;padding:2px 3px;border-radius:4px;background:#fff;color:#000;font-weight:bold}.cards span.red{color:#c0392b}' +
  '.turn{font-weight:bold;min-height:1.4em}.history{text-align:left;max-height:220px;overflow:auto;font-size:13px}.sit{margin:12px 0}' +
  '.msg{min-height:1.5em;margin:8px}.hist span{display:inline-block;width:26px;margin:2px;border-radius:4px}.r{background:#c0392b}.b{background:#1c1c1c}.g{background:#1f8a4c}';

type Texts = (typeof STUDIO_TEXTS)['en' | 'ru'];

/** The poker lobby's rows (also rendered again by the script when it polls the tables). */
function pokerLobbyHtml(
  t: Texts,
  lang: 'ru' | 'en',
  currency: string,
  nowMs: number,
  chosen?: string,
): string {
  const rows = pokerLobby(nowMs)
    .map(
      (table) =>
        `<tr data-table="${attr(table.id)}"><th scope="row">${attr(table.name[lang])}</th><td>${t[table.variant]}</td>` +
        `<td>${table.smallBlind} / ${table.bigBlind} ${attr(currency)}</td><td>${table.minBuyIn} – ${table.maxBuyIn} ${attr(currency)}</td>` +
        `<td class="seated">${t.seatsOf.replace('{seated}', String(table.seated)).replace('{seats}', String(table.seats))}</td></tr>`,
    )
    .join('');
  return (
    `<h1>${t.poker}</h1><table class="tables"><caption>${t.pokerCaption}</caption>` +
    `<thead><tr><th scope="col">${t.table}</th><th scope="col">${t.variant}</th><th scope="col">${t.blinds}</th>` +
    `<th scope="col">${t.buyIn}</th><th scope="col">${t.seats}</th></tr></thead><tbody>${rows}</tbody></table><p>${t.pokerNote}</p>` +
    holdemHtml(t, lang, currency, chosen)
  );
}

/** The sit-down form and the table (filled by the script once seated). */
function holdemHtml(t: Texts, lang: 'ru' | 'en', currency: string, chosen: string | undefined): string {
  const options = POKER_TABLES.map(
    (table) =>
      `<option value="${attr(table.id)}" data-min="${table.minBuyIn}" data-max="${table.maxBuyIn}"${table.id === chosen ? ' selected' : ''}>` +
      `${attr(table.name[lang])} · ${t[table.variant]} · ${table.smallBlind}/${table.bigBlind} · ${table.minBuyIn}–${table.maxBuyIn} ${attr(currency)}</option>`,
  ).join('');
  return (
    `<form id="sit" class="sit"><h2>${t.sitAt}</h2><label>${t.chooseTable} <select id="table-choice">${options}</select></label>` +
    `<label>${t.buyIn} <input id="buyin" type="number" inputmode="decimal" min="0" step="0.01" style="width:100px"></label>` +
    `<button type="submit" id="sit-down" disabled>${t.sitDown}</button></form>` +
    `<section id="holdem" hidden aria-labelledby="holdem-title"><h2 id="holdem-title">${t.tablePlay}</h2>` +
    `<div class="felt" role="group" aria-label="${attr(t.oval)}"><ul id="seats" class="seats"></ul>` +
    `<div class="center"><p>${t.board}: <span id="board" class="cards"></span></p><p>${t.pot}: <b id="pot">0</b></p></div></div>` +
    `<p>${t.yourCards}: <span id="hole" class="cards"></span></p><p id="turn" class="turn" aria-live="polite"></p>` +
    `<div id="actions" class="actions" role="group" aria-label="${attr(t.yourTurn)}">` +
    `<button type="button" data-act="fold">${t.fold}</button><button type="button" data-act="check">${t.check}</button>` +
    `<button type="button" data-act="call">${t.call.replace('{amount}', '')}</button>` +
    `<label>${t.amount} <input id="amount" type="number" inputmode="decimal" step="0.01" style="width:100px"></label>` +
    `<input id="slider" type="range" aria-label="${attr(t.amount)}">` +
    `<button type="button" data-act="bet">${t.betTo}</button><button type="button" data-act="raise">${t.raiseTo}</button>` +
    `<button type="button" data-act="all-in">${t.allIn}</button></div>` +
    `<p><button type="button" id="next-hand">${t.nextHand}</button> <label>${t.rebuy} <input id="rebuy-amount" type="number" inputmode="decimal" step="0.01" style="width:100px"></label>` +
    `<button type="button" id="rebuy">${t.rebuy}</button> <button type="button" id="leave">${t.leave}</button></p>` +
    `<h3>${t.handHistory}</h3><ol id="history" class="history" aria-live="polite"></ol></section>`
  );
}

function slotHtml(t: Texts, title: string): string {
  return (
    `<h1>${title}</h1><div class="reels"><div class="reel">?</div><div class="reel">?</div><div class="reel">?</div></div>` +
    `<label>${t.stake} <select id="stake"><option>1.00</option><option>5.00</option><option>10.00</option></select></label>` +
    `<button id="spin" type="button" disabled>${t.spin}</button>`
  );
}

function rouletteHtml(t: Texts): string {
  return (
    `<h1>${t.roulette}</h1>${wheelSvg()}<p id="phase"></p><p id="count" style="font-size:28px"></p>` +
    `<div><select id="amount"><option>1.00</option><option>5.00</option><option>10.00</option></select>` +
    ['red', 'black', 'odd', 'even', 'low', 'high']
      .map((k) => `<button type="button" class="bet" data-kind="${k}" disabled>${t[k as 'red']}</button>`)
      .join('') +
    [1, 2, 3]
      .map(
        (d) =>
          `<button type="button" class="bet" data-kind="dozen" data-number="${d}" disabled>${t.dozen} ${d}</button>`,
      )
      .join('') +
    `<input id="number" type="number" min="0" max="36" value="17" style="width:60px"><button type="button" class="bet" data-kind="straight" disabled>${t.straight}</button></div>` +
    `<h2>${t.myBets}</h2><ul id="bets"></ul><h2>${t.history}</h2><div class="hist" id="hist"></div>`
  );
}

const GAMES: readonly string[] = [SLOT_CODE, KOI_SLOT_CODE, ROULETTE_CODE, POKER_LOBBY_CODE];

export function renderPlayPage(
  q: {
    game: string;
    mode: 'real' | 'demo';
    lang?: 'ru' | 'en' | undefined;
    token?: string | undefined;
    currency?: string | undefined;
    table?: string | undefined;
  },
  nowMs: number,
): string {
  const lang = q.lang ?? 'en';
  const t = STUDIO_TEXTS[lang];
  const game = GAMES.includes(q.game) ? q.game : '';
  const body =
    game === POKER_LOBBY_CODE
      ? pokerLobbyHtml(t, lang, q.currency ?? 'RUB', nowMs, q.table)
      : game === SLOT_CODE || game === KOI_SLOT_CODE
        ? slotHtml(t, game === SLOT_CODE ? t.slot : t.koi)
        : game === ROULETTE_CODE
          ? rouletteHtml(t)
          : `<h1>${t.unknownGame}</h1>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title><style>${STYLE}</style></head><body><main id="studio" data-game="${attr(game)}" data-mode="${q.mode}" data-token="${attr(q.token ?? '')}" data-currency="${attr(q.currency ?? 'RUB')}" data-texts="${attr(JSON.stringify(t))}">${body}<p>${t.balance}: <b id="balance">—</b> <span id="cur"></span></p><p class="msg" id="msg">${q.mode === 'demo' ? t.demo : ''}</p></main><script src="/dev/demo-studio/studio.js"></script></body></html>`;
}

/** The page's script (plain browser JavaScript, served as a file). */
export const STUDIO_SCRIPT = `(() => {
  const root = document.getElementById('studio');
  const d = root.dataset;
  const T = JSON.parse(d.texts);
  const $ = (id) => document.getElementById(id);
  const GLYPH = { cherry: '♥', lemon: '●', bell: '♦', star: '★', seven: '7' };
  const WHEEL = ${JSON.stringify(WHEEL)};
  const REDS = ${JSON.stringify([...RED])};
  let session = null;
  let currency = d.currency || 'RUB';
  let fun = 1000;
  const say = (text) => { $('msg').textContent = text; };
  const show = (balance) => { $('balance').textContent = balance ?? fun.toFixed(2); $('cur').textContent = currency; };
  // Keys and the spinning reels' glyphs from the browser's CSPRNG (the outcome itself is the studio server's).
  const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, '0')).join('');
  const key = () => hex(16);
  const pick = (n) => crypto.getRandomValues(new Uint32Array(1))[0] % n;
  async function api(path, body, idem) {
    const headers = { 'content-type': 'application/json' };
    if (idem) headers['idempotency-key'] = idem;
    const res = await fetch('/dev/demo-studio/api/' + path, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error((json.error && json.error.code) || String(res.status));
    return json;
  }
  async function start() {
    if (d.mode === 'real' && d.token) {
      const s = await api('session', { token: d.token });
      session = s.session; currency = s.currency; show(s.balance);
    } else show(null);
    if (d.game === '${SLOT_CODE}' || d.game === '${KOI_SLOT_CODE}') slot();
    if (d.game === '${ROULETTE_CODE}') roulette();
    if (d.game === '${POKER_LOBBY_CODE}') { setInterval(refreshTables, 20000); holdem(); }
  }
  // Hold'em table play: the studio's server holds the seat; the page shows it and sends the actions.
  function holdem() {
    const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
    const fill = (text, vars) => Object.keys(vars).reduce((t, k) => t.split('{' + k + '}').join(vars[k]), text);
    let seat = null, view = null, dealTimer = null, poller = null;
    const choice = $('table-choice'), buyin = $('buyin'), sitButton = $('sit-down');
    const option = () => choice.options[choice.selectedIndex];
    const syncBuyIn = () => { const o = option(); buyin.min = o.dataset.min; buyin.max = o.dataset.max; buyin.value = o.dataset.max; };
    choice.addEventListener('change', syncBuyIn);
    syncBuyIn();
    sitButton.disabled = false;
    const body = (extra) => ({ ...(session ? { session } : {}), seat, ...extra });
    const glyph = (c) => (c[0] === 'T' ? '10' : c[0]) + SUITS[c[1]];
    const cardsHtml = (el, codes) => {
      el.textContent = '';
      for (const c of codes || []) {
        const span = document.createElement('span');
        span.textContent = glyph(c);
        if (c[1] === 'H' || c[1] === 'D') span.className = 'red';
        el.append(span);
      }
    };
    const nameOf = (i) => (i === 0 ? T.you : view.seats[i].name);
    function line(e) {
      if (e.kind === 'blind') return fill(T.evBlind, { name: nameOf(e.seat), amount: e.amount });
      if (e.kind === 'action') {
        const key = 'ev' + e.action[0].toUpperCase() + e.action.slice(1);
        return fill(T[key], { name: nameOf(e.seat), amount: e.amount, to: e.to });
      }
      if (e.kind === 'street') return fill(T.evStreet, { street: T[e.street], board: e.board.map(glyph).join(' ') });
      if (e.kind === 'refund') return fill(T.evRefund, { name: nameOf(e.seat), amount: e.amount });
      if (e.kind === 'show') return fill(T.evShow, { name: nameOf(e.seat), cards: e.hole.map(glyph).join(' '), category: T['hc-' + e.category] });
      if (e.kind === 'pot') return fill(T.evPot, { amount: e.amount, rake: e.rake, winners: e.winners.map((w, k) => nameOf(w) + ' +' + e.shares[k]).join(', ') });
      return '';
    }
    function render(v) {
      view = v;
      if (v.balance !== null && v.balance !== undefined) show(v.balance);
      $('holdem').hidden = false;
      $('sit').hidden = true;
      const seats = $('seats');
      seats.textContent = '';
      const n = v.seats.length;
      v.seats.forEach((s, i) => {
        const li = document.createElement('li');
        const angle = Math.PI / 2 + (i * 2 * Math.PI) / n;
        li.style.left = 50 + 42 * Math.cos(angle) + '%';
        li.style.top = 50 + 44 * Math.sin(angle) + '%';
        const tags = [];
        if (v.hand && v.hand.button === i) tags.push(T.dealer);
        if (v.hand && !v.hand.finished && s.folded) tags.push(T.folded);
        if (s.allIn) tags.push(T.allInTag);
        li.textContent = nameOf(i) + (tags.length ? ' (' + tags.join(', ') + ')' : '') + ' · ' + T.stack + ' ' + s.stack + (Number(s.bet) > 0 ? ' · ' + T.bet + ' ' + s.bet : '');
        if (s.cards && i !== 0) { const c = document.createElement('span'); c.className = 'cards'; cardsHtml(c, s.cards); li.append(' ', c); }
        if (v.hand && v.hand.toAct === i) { li.className = 'act'; li.setAttribute('aria-current', 'true'); }
        else if (s.folded && v.hand && !v.hand.finished) li.className = 'out';
        seats.append(li);
      });
      cardsHtml($('board'), v.hand ? v.hand.board : []);
      cardsHtml($('hole'), v.seats[0].cards);
      $('pot').textContent = v.hand ? v.hand.pot + ' ' + currency : '0';
      const history = $('history');
      history.textContent = '';
      if (v.hand) {
        const head = document.createElement('li');
        head.textContent = T.handNo + ' #' + v.hand.number;
        history.append(head);
        for (const e of v.hand.events) { const li = document.createElement('li'); li.textContent = line(e); history.append(li); }
      }
      const legal = v.legal;
      const mine = !!legal;
      const buttons = document.querySelectorAll('#actions button');
      buttons.forEach((b) => {
        const a = b.dataset.act;
        const ok = mine && (a === 'fold' || (a === 'check' && legal.check) || (a === 'call' && legal.call !== null) || (a === 'bet' && legal.bet) || (a === 'raise' && legal.raise) || (a === 'all-in' && legal.allIn !== null));
        b.disabled = !ok;
        if (a === 'call') b.textContent = fill(T.call, { amount: mine && legal.call !== null ? legal.call : '' }).trim();
      });
      const range = mine ? legal.raise || legal.bet : null;
      const amount = $('amount'), slider = $('slider');
      amount.disabled = slider.disabled = !range;
      if (range) {
        amount.min = slider.min = range.min; amount.max = slider.max = range.max;
        slider.step = amount.step = range.min.includes('.') ? String(10 ** -range.min.split('.')[1].length) : '1';
        if (!(Number(amount.value) >= Number(range.min) && Number(amount.value) <= Number(range.max))) amount.value = range.min;
        slider.value = amount.value;
      }
      const closed = v.status !== 'seated';
      const between = !v.hand || v.hand.finished;
      $('next-hand').disabled = closed || !between || Number(v.stack) === 0;
      $('rebuy').disabled = $('rebuy-amount').disabled = closed || !between || Number(v.maxRebuy) === 0 || v.rebuyPending;
      if (!$('rebuy-amount').value || Number($('rebuy-amount').value) > Number(v.maxRebuy)) $('rebuy-amount').value = v.maxRebuy;
      $('leave').disabled = closed;
      const turn = $('turn');
      if (closed) {
        const why = v.left === 'timeout' ? T.leftTimeout : v.left === 'idle' ? T.leftIdle : v.left === 'session' ? T.leftSession : '';
        turn.textContent = (why ? why + ' ' : '') + (v.paid !== null ? fill(T.paidBack, { amount: v.paid + ' ' + currency }) : '');
        stop();
        $('sit').hidden = false;
        sitButton.disabled = false;
      } else if (mine) {
        const wasMine = turn.dataset.mine === '1';
        turn.textContent = T.yourTurn + (v.deadline ? ' · ' + fill(T.timeLeft, { s: Math.max(0, Math.ceil((v.deadline - v.now) / 1000)) }) : '');
        if (!wasMine) { const first = [...buttons].find((b) => !b.disabled && b.dataset.act !== 'fold'); if (first) first.focus(); }
      } else turn.textContent = v.hand && v.hand.toAct !== null ? fill(T.turnOf, { name: nameOf(v.hand.toAct) }) : '';
      turn.dataset.mine = mine ? '1' : '0';
      if (!closed && between && Number(v.stack) > 0 && !dealTimer) dealTimer = setTimeout(() => { dealTimer = null; if (view && view.status === 'seated' && (!view.hand || view.hand.finished)) call('holdem/deal', body({})); }, 4000);
    }
    function stop() { if (poller) clearInterval(poller); poller = null; if (dealTimer) clearTimeout(dealTimer); dealTimer = null; }
    async function call(path, payload, idem) {
      try {
        const v = await api(path, payload, idem);
        if (v.error) throw new Error(v.error.code);
        if (!session && path === 'holdem/leave' && v.paid && !v.replayed) { fun += Number(v.paid); show(null); }
        render(v);
        return v;
      } catch (e) { say(T.error + ': ' + e.message); return null; }
    }
    $('sit').addEventListener('submit', async (event) => {
      event.preventDefault();
      sitButton.disabled = true; say('');
      const v = await call('holdem/sit', { ...(session ? { session } : {}), currency, table: choice.value, buyIn: buyin.value }, key());
      if (!v) { sitButton.disabled = false; return; }
      seat = v.seat;
      if (!session) { fun -= Number(v.buyIns); show(null); }
      $('holdem-title').textContent = option().textContent;
      $('history').focus();
      poller = setInterval(() => { if (seat) call('holdem/state', body({})); }, 2000);
    });
    $('actions').addEventListener('click', (event) => {
      const b = event.target.closest('button');
      if (!b || b.disabled) return;
      const a = b.dataset.act;
      call('holdem/act', body({ action: a, ...(a === 'bet' || a === 'raise' ? { amount: $('amount').value } : {}) }));
    });
    $('slider').addEventListener('input', () => { $('amount').value = $('slider').value; });
    $('amount').addEventListener('input', () => { $('slider').value = $('amount').value; });
    $('next-hand').addEventListener('click', () => call('holdem/deal', body({})));
    $('rebuy').addEventListener('click', async () => {
      const amount = $('rebuy-amount').value;
      const v = await call('holdem/rebuy', body({ amount }));
      if (v && !session) { fun -= Number(amount); show(null); }
    });
    $('leave').addEventListener('click', () => call('holdem/leave', body({})));
    // A closed page leaves the table (the studio's sweep does it too if this never arrives).
    addEventListener('pagehide', () => {
      if (seat && view && view.status === 'seated')
        fetch('/dev/demo-studio/api/holdem/leave', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body({})) });
    });
  }
  // The poker lobby: the seats taken change by the minute; the rows are the server's.
  async function refreshTables() {
    try {
      const res = await fetch('/dev/demo-studio/api/poker/tables');
      const json = await res.json();
      for (const table of json.tables) {
        const cell = document.querySelector('tr[data-table="' + table.id + '"] .seated');
        if (cell) cell.textContent = T.seatsOf.replace('{seated}', table.seated).replace('{seats}', table.seats);
      }
    } catch { /* next poll */ }
  }
  function slot() {
    const reels = [...document.querySelectorAll('.reel')];
    const button = $('spin');
    button.disabled = false;
    button.addEventListener('click', async () => {
      button.disabled = true; say('');
      const names = Object.keys(GLYPH);
      const timer = setInterval(() => reels.forEach((r) => { r.textContent = GLYPH[names[pick(names.length)]]; }), 80);
      const stake = $('stake').value;
      const idem = key();
      let answer = null;
      for (let attempt = 0; attempt < 3 && !answer; attempt++) {
        try { answer = await api('slot/spin', { ...(session ? { session } : {}), currency, stake }, idem); }
        catch (e) { if (e.message !== 'STUDIO_UNAVAILABLE' || attempt === 2) { clearInterval(timer); say(T.error + ': ' + e.message); button.disabled = false; return; } }
      }
      await new Promise((r) => setTimeout(r, 600));
      clearInterval(timer);
      answer.symbols.forEach((s, i) => { reels[i].textContent = GLYPH[s]; });
      if (!session) { fun += Number(answer.win) - Number(stake); show(null); } else show(answer.balance);
      say(Number(answer.win) > 0 ? T.win + ': ' + answer.win + ' ' + currency : T.lose);
      button.disabled = false;
    });
  }
  function roulette() {
    let offset = 0, state = null, shownRound = -1, turn = 0;
    const slips = [];
    const buttons = [...document.querySelectorAll('.bet')];
    const wheel = $('wheel');
    const colour = (n) => (n === 0 ? 'g' : REDS.includes(n) ? 'r' : 'b');
    async function poll() {
      try {
        const res = await fetch('/dev/demo-studio/api/roulette/state');
        state = await res.json();
        offset = state.now - Date.now();
      } catch { /* next poll */ }
    }
    function spinTo(n) {
      const step = 360 / WHEEL.length;
      turn += 5;
      wheel.style.transform = 'rotate(' + (-(turn * 360) - WHEEL.indexOf(n) * step) + 'deg)';
    }
    async function settle(round) {
      for (const s of slips.filter((x) => x.slip.round === round && !x.done)) {
        try {
          const r = await api('roulette/settle', { ...(session ? { session } : {}), slip: s.slip });
          s.done = true;
          if (!session) { fun += Number(r.win); show(null); } else show(r.balance);
          s.li.textContent += ' → ' + r.number + (Number(r.win) > 0 ? ' · ' + T.win + ' ' + r.win : ' · ' + T.lose);
        } catch (e) { say(T.error + ': ' + e.message); }
      }
    }
    function tick() {
      if (!state) return;
      const now = Date.now() + offset;
      const open = now < state.closesAt;
      buttons.forEach((b) => { b.disabled = !open; });
      $('phase').textContent = open ? T.betsOpen : T.betsClosed;
      $('count').textContent = Math.max(0, Math.ceil(((open ? state.closesAt : state.endsAt) - now) / 1000)) + ' s';
      if (now >= state.endsAt) poll();
      const last = state.history[0];
      if (last && last.round !== shownRound) {
        const first = shownRound === -1;
        shownRound = last.round;
        spinTo(last.number);
        $('hist').innerHTML = '';
        state.history.forEach((h) => { const s = document.createElement('span'); s.className = colour(h.number); s.textContent = h.number; $('hist').append(s); });
        if (!first) setTimeout(() => settle(last.round), 6000); else settle(last.round);
      }
    }
    buttons.forEach((b) => b.addEventListener('click', async () => {
      if (!state) return;
      const body = { ...(session ? { session } : {}), currency, round: state.round, kind: b.dataset.kind, amount: $('amount').value };
      if (b.dataset.kind === 'straight') body.number = Number($('number').value);
      else if (b.dataset.number) body.number = Number(b.dataset.number);
      try {
        const r = await api('roulette/bet', body, key());
        if (!session) { fun -= Number(body.amount); show(null); } else show(r.balance);
        const li = document.createElement('li');
        li.textContent = '#' + r.slip.round + ' ' + b.textContent + ' ' + (body.kind === 'straight' ? body.number + ' ' : '') + r.slip.amount + ' ' + currency;
        $('bets').prepend(li);
        slips.push({ slip: r.slip, li, done: false });
      } catch (e) { say(T.error + ': ' + e.message); }
    }));
    poll().then(tick);
    setInterval(tick, 250);
    setInterval(poll, 5000);
  }
  start().catch((e) => say(T.error + ': ' + e.message));
})();
`;
