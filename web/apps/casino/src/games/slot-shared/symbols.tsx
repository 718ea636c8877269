/**
 * The slot symbols, drawn here in SVG (no images): fruits, bells, sevens, bars, the star scatter,
 * the wild, gems, the crown and the card royals. Each symbol is one 64×64 drawing; the card royals
 * take the theme's text colour, the rest are art with their own colours that read on both themes.
 */
import type { ReactNode } from 'react';
import styles from './Reels.module.css';

const SHINE = 'rgb(255 255 255 / 0.55)';
const EDGE = 'rgb(0 0 0 / 0.28)';

function Cherry() {
  return (
    <>
      <path
        d="M24 40C26 26 34 14 46 8M40 42C40 28 42 18 46 8"
        fill="none"
        stroke="#3f7d20"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M46 8c-8 0-14 3-16 8 7 1 13-2 16-8z" fill="#5aa02c" />
      <circle cx="22" cy="44" r="12" fill="#d7263d" stroke={EDGE} strokeWidth="1.5" />
      <circle cx="42" cy="46" r="12" fill="#c0152f" stroke={EDGE} strokeWidth="1.5" />
      <circle cx="18" cy="40" r="3.5" fill={SHINE} />
      <circle cx="38" cy="42" r="3.5" fill={SHINE} />
    </>
  );
}

function Lemon() {
  return (
    <>
      <path
        d="M8 34c0-12 11-22 24-22s24 10 24 22-11 20-24 20S8 46 8 34z"
        fill="#f5d312"
        stroke="#c9a800"
        strokeWidth="2"
      />
      <path d="M6 34l5-3v6zM58 34l-5-3v6z" fill="#e6c200" />
      <ellipse cx="24" cy="26" rx="8" ry="4" fill={SHINE} transform="rotate(-20 24 26)" />
    </>
  );
}

function Orange() {
  return (
    <>
      <circle cx="32" cy="36" r="21" fill="#f68b1f" stroke="#c4620a" strokeWidth="2" />
      <path d="M32 15c2-5 7-8 12-7-2 5-7 8-12 7z" fill="#4c9a2a" />
      <circle cx="32" cy="16" r="2" fill="#6b4a1f" />
      <ellipse cx="24" cy="28" rx="6" ry="4" fill={SHINE} transform="rotate(-30 24 28)" />
    </>
  );
}

function Plum() {
  return (
    <>
      <path
        d="M32 14c14 0 22 10 22 22s-10 20-22 20-22-8-22-20 8-22 22-22z"
        fill="#7b2d8e"
        stroke="#521c60"
        strokeWidth="2"
      />
      <path d="M32 16c-2 10-2 28 0 38" fill="none" stroke="#5a1f6a" strokeWidth="2" />
      <path d="M32 14c1-5 4-8 8-9" fill="none" stroke="#6b4a1f" strokeWidth="3" strokeLinecap="round" />
      <ellipse cx="22" cy="28" rx="5" ry="7" fill={SHINE} />
    </>
  );
}

function Grape() {
  const berries = [
    [22, 24],
    [34, 24],
    [46, 24],
    [28, 34],
    [40, 34],
    [22, 44],
    [34, 44],
    [28, 54],
  ];
  return (
    <>
      <path d="M34 16c0-5 2-8 6-10" fill="none" stroke="#6b4a1f" strokeWidth="3" strokeLinecap="round" />
      <path d="M36 14c6-4 14-3 18 2-6 3-13 3-18-2z" fill="#4c9a2a" />
      {berries.map(([cx, cy]) => (
        <g key={`${cx}-${cy}`}>
          <circle cx={cx} cy={cy} r="7" fill="#6a3fb5" stroke="#47267f" strokeWidth="1.5" />
          <circle cx={(cx ?? 0) - 2.5} cy={(cy ?? 0) - 2.5} r="2" fill={SHINE} />
        </g>
      ))}
    </>
  );
}

function Watermelon() {
  return (
    <>
      <path d="M6 22h52c0 18-12 32-26 32S6 40 6 22z" fill="#2f8f3a" />
      <path d="M10 22h44c0 15-10 27-22 27S10 37 10 22z" fill="#e8f5d0" />
      <path d="M13 22h38c0 13-8 23-19 23S13 35 13 22z" fill="#ef3e4a" />
      {[
        [22, 28],
        [32, 32],
        [42, 28],
        [27, 37],
        [37, 37],
      ].map(([cx, cy]) => (
        <ellipse key={`${cx}-${cy}`} cx={cx} cy={cy} rx="1.6" ry="2.6" fill="#2a1a12" />
      ))}
    </>
  );
}

function Bell() {
  return (
    <>
      <path
        d="M32 8c-11 0-17 9-17 20v10l-6 8h46l-6-8V28c0-11-6-20-17-20z"
        fill="#f2b705"
        stroke="#b07f00"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="52" r="5" fill="#b07f00" />
      <path d="M22 26c0-6 4-11 9-12" fill="none" stroke={SHINE} strokeWidth="3" strokeLinecap="round" />
      <rect x="29" y="4" width="6" height="6" rx="2" fill="#b07f00" />
    </>
  );
}

function Seven() {
  return (
    <>
      <path
        d="M14 10h38v8L34 56H22l17-36H14z"
        fill="#e02434"
        stroke="#8e0f1a"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M18 13h30" stroke={SHINE} strokeWidth="2.5" strokeLinecap="round" />
    </>
  );
}

function Bar() {
  return (
    <>
      <rect x="6" y="20" width="52" height="24" rx="5" fill="#1f2a37" stroke="#f2b705" strokeWidth="2.5" />
      <text
        x="32"
        y="38.5"
        textAnchor="middle"
        fontSize="16"
        fontWeight="900"
        fill="#f2b705"
        fontFamily="system-ui, sans-serif"
      >
        BAR
      </text>
    </>
  );
}

function Star() {
  return (
    <>
      <circle cx="32" cy="32" r="28" fill="#3a1f8f" opacity="0.9" />
      <path
        d="M32 8l7 15 16 2-12 11 3 16-14-8-14 8 3-16-12-11 16-2z"
        fill="#ffd23f"
        stroke="#c79100"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="27" cy="24" r="3" fill={SHINE} />
    </>
  );
}

function Wild() {
  return (
    <>
      <rect x="4" y="10" width="56" height="44" rx="10" fill="#0f7c8c" stroke="#ffd23f" strokeWidth="3" />
      <text
        x="32"
        y="40"
        textAnchor="middle"
        fontSize="17"
        fontWeight="900"
        fill="#ffd23f"
        fontFamily="system-ui, sans-serif"
        letterSpacing="1"
      >
        WILD
      </text>
      <path d="M10 16l6 4M54 16l-6 4" stroke={SHINE} strokeWidth="2" strokeLinecap="round" />
    </>
  );
}

function Gem({ fill, edge }: { readonly fill: string; readonly edge: string }) {
  return (
    <>
      <path
        d="M18 10h28l12 14-26 32L6 24z"
        fill={fill}
        stroke={edge}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M6 24h52M18 10l14 46 14-46M18 10l-4 14M46 10l4 14M24 24l8-14 8 14"
        fill="none"
        stroke="rgb(255 255 255 / 0.4)"
        strokeWidth="1.4"
      />
      <path d="M20 14h6l-6 8z" fill={SHINE} />
    </>
  );
}

function Emerald() {
  return (
    <>
      <path
        d="M20 8h24l12 12v24L44 56H20L8 44V20z"
        fill="#16a34a"
        stroke="#0b5d2a"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M24 16h16l8 8v16l-8 8H24l-8-8V24z"
        fill="#22c55e"
        stroke="rgb(255 255 255 / 0.35)"
        strokeWidth="1.4"
      />
      <path
        d="M20 8l4 8M44 8l-4 8M56 20l-8 4M56 44l-8-4M8 20l8 4M8 44l8-4M20 56l4-8M44 56l-4-8"
        stroke="rgb(255 255 255 / 0.3)"
        strokeWidth="1.2"
      />
      <path d="M26 20h6l-8 8z" fill={SHINE} />
    </>
  );
}

function Crown() {
  return (
    <>
      <path
        d="M8 22l12 10 12-18 12 18 12-10-5 28H13z"
        fill="#f2b705"
        stroke="#a87600"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <rect x="12" y="48" width="40" height="8" rx="2" fill="#d99a00" stroke="#a87600" strokeWidth="2" />
      <circle cx="8" cy="22" r="3.5" fill="#e02434" />
      <circle cx="32" cy="14" r="3.5" fill="#2563eb" />
      <circle cx="56" cy="22" r="3.5" fill="#e02434" />
      <circle cx="32" cy="40" r="4" fill="#16a34a" />
    </>
  );
}

const ROYAL_COLOURS: Readonly<Record<string, string>> = {
  A: '#e02434',
  K: '#2f6fe4',
  Q: '#9b4dd6',
  J: '#1f9e55',
  '10': '#e8850c',
  '9': '#0f9bb0',
};

function Diamond() {
  return <Gem fill="#38bdf8" edge="#0e6e9c" />;
}

function Horseshoe() {
  return (
    <>
      <path
        d="M14 54V30c0-11 8-20 18-20s18 9 18 20v24h-9V30c0-6-4-11-9-11s-9 5-9 11v24z"
        fill="#9aa6b2"
        stroke="#5b6670"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      {[
        [18.5, 48],
        [18.5, 38],
        [21, 27],
        [45.5, 48],
        [45.5, 38],
        [43, 27],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.8" fill="#3b444c" />
      ))}
      <path d="M20 22c2-5 6-8 11-9" fill="none" stroke={SHINE} strokeWidth="2.5" strokeLinecap="round" />
    </>
  );
}

function Clover() {
  return (
    <>
      <path d="M32 34c2 9 6 16 12 22" fill="none" stroke="#2f7d32" strokeWidth="3.5" strokeLinecap="round" />
      {[0, 90, 180, 270].map((angle) => (
        <path
          key={angle}
          d="M32 32c-4-6-14-8-16-1-2 6 5 9 8 9-3 1-6 6-2 9 5 4 10-3 10-8z"
          transform={`rotate(${angle + 45} 32 32)`}
          fill="#3fa34d"
          stroke="#246b2c"
          strokeWidth="1.5"
        />
      ))}
      <circle cx="32" cy="32" r="3" fill="#246b2c" />
    </>
  );
}

function Royal({ letter }: { readonly letter: string }) {
  return (
    <text
      fill={ROYAL_COLOURS[letter] ?? 'currentColor'}
      x="32"
      y="46"
      textAnchor="middle"
      fontSize={letter.length > 1 ? 30 : 40}
      fontWeight="900"
      fontFamily="Georgia, 'Times New Roman', serif"
      className={styles.royal}
    >
      {letter}
    </text>
  );
}

const ART: Readonly<Record<string, () => ReactNode>> = {
  cherry: Cherry,
  lemon: Lemon,
  orange: Orange,
  plum: Plum,
  grape: Grape,
  watermelon: Watermelon,
  bell: Bell,
  seven: Seven,
  bar: Bar,
  star: Star,
  wild: Wild,
  emerald: Emerald,
  ruby: () => <Gem fill="#dc2626" edge="#7f1010" />,
  sapphire: () => <Gem fill="#2563eb" edge="#123a8c" />,
  crown: Crown,
  diamond: Diamond,
  horseshoe: Horseshoe,
  clover: Clover,
  A: () => <Royal letter="A" />,
  K: () => <Royal letter="K" />,
  Q: () => <Royal letter="Q" />,
  J: () => <Royal letter="J" />,
  ten: () => <Royal letter="10" />,
  nine: () => <Royal letter="9" />,
};

/** The symbols that have a drawing (the tests check every slot's strips use only these). */
export const SYMBOL_IDS: readonly string[] = Object.keys(ART);

/** One symbol as a decorative SVG (its name is told by the cell's label). */
export function SlotSymbol({ id }: { readonly id: string }) {
  const Art = ART[id];
  return (
    <svg className={styles.symbol} viewBox="0 0 64 64" aria-hidden="true" focusable="false" data-symbol={id}>
      {Art ? <Art /> : <Royal letter="?" />}
    </svg>
  );
}
