/**
 * The games' and vendors' icons, drawn here as SVG (served by the plugin at `icons/<name>.svg`,
 * named in the games list). Kept as strings so that they travel with the code when the platform
 * bundles the house in.
 */

const frame = (id: string, from: string, to: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img">` +
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
  `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
  `<rect width="96" height="96" rx="20" fill="url(#${id})"/>${body}</svg>`;

export const icons: Record<string, string> = {
  classic3x3: frame(
    'g1',
    '#7a1fa2',
    '#d7bb49',
    `<rect x="14" y="22" width="68" height="52" rx="8" fill="#fff" opacity=".92"/>` +
      `<path d="M32 40c2-8 9-12 16-12" stroke="#2e7d32" stroke-width="3" fill="none"/>` +
      `<path d="M48 28c-2 6-1 12 4 16" stroke="#2e7d32" stroke-width="3" fill="none"/>` +
      `<circle cx="30" cy="52" r="9" fill="#d32f2f"/><circle cx="50" cy="54" r="9" fill="#c62828"/>` +
      `<text x="70" y="62" font-family="Arial,sans-serif" font-weight="700" font-size="26" fill="#d7bb49" text-anchor="middle">7</text>`,
  ),
  video5x3: frame(
    'g2',
    '#ef6c00',
    '#4e2a00',
    `<circle cx="48" cy="50" r="28" fill="#ffa726"/>` +
      `<path d="M30 34l6 8M66 34l-6 8M48 24v10M36 60l-8 4M60 60l8 4" stroke="#212121" stroke-width="4" stroke-linecap="round"/>` +
      `<circle cx="39" cy="48" r="4" fill="#212121"/><circle cx="57" cy="48" r="4" fill="#212121"/>` +
      `<path d="M42 60q6 6 12 0" stroke="#212121" stroke-width="3" fill="none"/>` +
      `<path d="M24 28l8 10M72 28l-8 10" stroke="#ffa726" stroke-width="8" stroke-linecap="round"/>`,
  ),
  dice: frame(
    'g3',
    '#1565c0',
    '#4598fe',
    `<rect x="22" y="22" width="52" height="52" rx="10" fill="#fff"/>` +
      [
        [34, 34],
        [62, 34],
        [48, 48],
        [34, 62],
        [62, 62],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="#1565c0"/>`)
        .join(''),
  ),
  crash: frame(
    'g4',
    '#0d1b3e',
    '#4598fe',
    `<path d="M12 80C40 78 60 60 76 20" stroke="#d7bb49" stroke-width="4" fill="none" stroke-dasharray="6 4"/>` +
      `<g transform="translate(62 18) rotate(35)"><path d="M0 0c8 6 10 18 6 30H-6c-4-12-2-24 6-30z" fill="#eceff1"/>` +
      `<circle cx="0" cy="12" r="4" fill="#4598fe"/><path d="M-6 30l-6 8h24l-6-8z" fill="#ef5350"/></g>`,
  ),
  mines: frame(
    'g5',
    '#004d40',
    '#26a69a',
    [0, 1, 2]
      .flatMap((row) => [0, 1, 2].map((column) => [row, column] as const))
      .map(
        ([row, column]) =>
          `<rect x="${16 + column * 22}" y="${16 + row * 22}" width="18" height="18" rx="4" fill="#ffffff" opacity=".25"/>`,
      )
      .join('') +
      `<path d="M49 30l10 8-10 12-10-12z" fill="#80deea"/>` +
      `<circle cx="27" cy="69" r="8" fill="#212121"/><path d="M31 61l4-4" stroke="#ff7043" stroke-width="3"/>`,
  ),
  roulette: frame(
    'g6',
    '#1b5e20',
    '#0b3d0b',
    `<circle cx="48" cy="48" r="32" fill="#3e2723"/><circle cx="48" cy="48" r="27" fill="#c62828"/>` +
      Array.from({ length: 9 }, (_, index) => {
        const angle = (index * 40 * Math.PI) / 180;
        const x = 48 + 27 * Math.cos(angle);
        const y = 48 + 27 * Math.sin(angle);
        const x2 = 48 + 27 * Math.cos(angle + 0.35);
        const y2 = 48 + 27 * Math.sin(angle + 0.35);
        return `<path d="M48 48L${x.toFixed(1)} ${y.toFixed(1)}A27 27 0 0 1 ${x2.toFixed(1)} ${y2.toFixed(1)}z" fill="#212121"/>`;
      }).join('') +
      `<circle cx="48" cy="48" r="14" fill="#d7bb49"/><circle cx="48" cy="48" r="5" fill="#3e2723"/>` +
      `<circle cx="66" cy="30" r="4" fill="#fff"/>`,
  ),
  baccarat: frame(
    'g7',
    '#4a148c',
    '#1a0033',
    `<g transform="rotate(-12 40 50)"><rect x="20" y="24" width="34" height="48" rx="5" fill="#fff"/>` +
      `<text x="37" y="56" font-family="Georgia,serif" font-size="22" font-weight="700" fill="#c62828" text-anchor="middle">A</text></g>` +
      `<g transform="rotate(10 58 50)"><rect x="42" y="24" width="34" height="48" rx="5" fill="#fff"/>` +
      `<text x="59" y="56" font-family="Georgia,serif" font-size="22" font-weight="700" fill="#212121" text-anchor="middle">9</text></g>`,
  ),
  KHELA: frame(
    'g8',
    '#d7bb49',
    '#4598fe',
    `<text x="48" y="64" font-family="Arial,sans-serif" font-size="48" font-weight="800" fill="#fff" text-anchor="middle">K</text>`,
  ),
  KHELA_ARCADE: frame(
    'g10',
    '#2e7d32',
    '#d7bb49',
    `<rect x="20" y="30" width="56" height="36" rx="12" fill="#fff" opacity=".92"/>` +
      `<path d="M34 40v16M26 48h16" stroke="#2e7d32" stroke-width="5" stroke-linecap="round"/>` +
      `<circle cx="60" cy="44" r="4" fill="#c62828"/><circle cx="66" cy="52" r="4" fill="#4598fe"/>`,
  ),
  KHELA_LIVE: frame(
    'g9',
    '#4598fe',
    '#0d1b3e',
    `<circle cx="48" cy="48" r="26" fill="#d7bb49"/><circle cx="48" cy="48" r="18" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="7 5"/>` +
      `<text x="48" y="55" font-family="Arial,sans-serif" font-size="18" font-weight="800" fill="#fff" text-anchor="middle">K</text>`,
  ),
};
