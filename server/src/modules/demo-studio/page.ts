/**
 * The studio's game page (served in the casino's iframe) and its one script file. The page has no
 * inline script (the site's CSP allows scripts from 'self' only): the settings ride in data
 * attributes, the texts (the studio's own, ru and en) in a data attribute as JSON, and
 * /dev/demo-studio/studio.js does the rest. Styles are inline (CSP allows them).
 */
import { KOI_SLOT_CODE, RED, ROULETTE_CODE, SLOT_CODE, WHEEL } from './games.ts';
import { POKER_LOBBY_CODE, pokerLobby } from './poker-tables.ts';

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
    pokerNote: 'Игра за столами в демо-студии не открыта: лобби показывает столы студии.',
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
    pokerNote: "Table play is not open in the demo studio: the lobby shows the studio's tables.",
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
  '.msg{min-height:1.5em;margin:8px}.hist span{display:inline-block;width:26px;margin:2px;border-radius:4px}.r{background:#c0392b}.b{background:#1c1c1c}.g{background:#1f8a4c}';

type Texts = (typeof STUDIO_TEXTS)['en' | 'ru'];

/** The poker lobby's rows (also rendered again by the script when it polls the tables). */
function pokerLobbyHtml(t: Texts, lang: 'ru' | 'en', currency: string, nowMs: number): string {
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
    `<th scope="col">${t.buyIn}</th><th scope="col">${t.seats}</th></tr></thead><tbody>${rows}</tbody></table><p>${t.pokerNote}</p>`
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
  },
  nowMs: number,
): string {
  const lang = q.lang ?? 'en';
  const t = STUDIO_TEXTS[lang];
  const game = GAMES.includes(q.game) ? q.game : '';
  const body =
    game === POKER_LOBBY_CODE
      ? pokerLobbyHtml(t, lang, q.currency ?? 'RUB', nowMs)
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
    if (d.game === '${POKER_LOBBY_CODE}') setInterval(refreshTables, 20000);
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
