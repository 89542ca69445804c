/*
 * The slot symbols, drawn as small SVGs (viewBox 40 x 40). Constant markup of our own: safe to
 * put in the page with innerHTML.
 */

const svg = (body: string) =>
  `<svg viewBox="0 0 40 40" width="100%" height="100%" focusable="false">${body}</svg>`;
const letter = (text: string, color: string) =>
  svg(
    `<text x="20" y="29" text-anchor="middle" font-family="Georgia,serif" font-weight="700" font-size="24" fill="${color}">${text}</text>`,
  );

export const symbolSvgs: Record<string, string> = {
  SEVEN: svg(
    `<text x="20" y="32" text-anchor="middle" font-family="Arial,sans-serif" font-weight="900" font-size="32" fill="#d32f2f" stroke="#7f0000" stroke-width="1">7</text>`,
  ),
  BAR: svg(
    `<rect x="4" y="12" width="32" height="16" rx="3" fill="#212121"/><text x="20" y="25" text-anchor="middle" font-family="Arial,sans-serif" font-weight="900" font-size="11" fill="#d7bb49">BAR</text>`,
  ),
  BELL: svg(
    `<path d="M20 6c-6 0-9 5-9 11v7l-3 4h24l-3-4v-7c0-6-3-11-9-11z" fill="#f9a825" stroke="#8d6e00"/><circle cx="20" cy="31" r="3" fill="#8d6e00"/>`,
  ),
  PLUM: svg(
    `<circle cx="20" cy="23" r="11" fill="#7b1fa2"/><path d="M20 12q2-5 7-6" stroke="#2e7d32" stroke-width="2" fill="none"/><ellipse cx="16" cy="19" rx="3" ry="2" fill="#ce93d8"/>`,
  ),
  CHERRY: svg(
    `<path d="M13 24q4-14 14-18M27 24q-1-10 0-18" stroke="#2e7d32" stroke-width="2" fill="none"/><circle cx="12" cy="27" r="7" fill="#d32f2f"/><circle cx="27" cy="27" r="7" fill="#c62828"/>`,
  ),
  BLANK: svg(''),
  WILD: svg(
    `<rect x="3" y="9" width="34" height="22" rx="5" fill="#4598fe"/><text x="20" y="25" text-anchor="middle" font-family="Arial,sans-serif" font-weight="900" font-size="11" fill="#fff">WILD</text>`,
  ),
  SCATTER: svg(`<path d="M20 3l4 11h12l-9 7 3 12-10-7-10 7 3-12-9-7h12z" fill="#d7bb49" stroke="#8d6e00"/>`),
  TIGER: svg(
    `<circle cx="20" cy="21" r="14" fill="#fb8c00"/><path d="M12 10l3 5M28 10l-3 5M20 8v5M9 24l5 1M31 24l-5 1" stroke="#212121" stroke-width="2.5" stroke-linecap="round"/><circle cx="15" cy="19" r="2" fill="#212121"/><circle cx="25" cy="19" r="2" fill="#212121"/><path d="M17 27q3 3 6 0" stroke="#212121" stroke-width="2" fill="none"/>`,
  ),
  ELEPHANT: svg(
    `<ellipse cx="22" cy="19" rx="12" ry="10" fill="#90a4ae"/><ellipse cx="12" cy="17" rx="6" ry="8" fill="#b0bec5"/><path d="M30 22q4 6 0 12" stroke="#90a4ae" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="26" cy="16" r="1.8" fill="#263238"/>`,
  ),
  PEACOCK: svg(
    `<path d="M20 34C8 28 6 14 12 6c4 6 6 10 8 16 2-6 4-10 8-16 6 8 4 22-8 28z" fill="#00897b"/><circle cx="20" cy="14" r="4" fill="#1e88e5"/><circle cx="20" cy="14" r="1.8" fill="#d7bb49"/>`,
  ),
  LOTUS: svg(
    `<path d="M20 8c4 6 4 14 0 22-4-8-4-16 0-22z" fill="#ec407a"/><path d="M8 16c6 1 10 6 12 14-7-2-11-7-12-14zM32 16c-6 1-10 6-12 14 7-2 11-7 12-14z" fill="#f48fb1"/><path d="M6 30h28" stroke="#2e7d32" stroke-width="2"/>`,
  ),
  A: letter('A', '#c62828'),
  K: letter('K', '#1565c0'),
  Q: letter('Q', '#6a1b9a'),
  J: letter('J', '#2e7d32'),
};
