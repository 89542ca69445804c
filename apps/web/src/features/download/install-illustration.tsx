/** The steps of the install guides, drawn (no screenshots of other companies' software). */
export type InstallStep =
  'ios-safari' | 'ios-share' | 'ios-add' | 'android-chrome' | 'android-menu' | 'android-add' | 'home-screen';

const gold = '#d7bb49';
const blue = '#4598fe';

function AddressBar({ y }: { y: number }) {
  return (
    <g>
      <rect x="22" y={y} width="116" height="18" rx="9" fill="var(--ill-bar)" />
      <circle cx="34" cy={y + 9} r="4" fill="none" stroke="var(--ill-ink)" strokeWidth="1.5" />
      <rect x="44" y={y + 6} width="60" height="6" rx="3" fill="var(--ill-ink)" opacity="0.55" />
    </g>
  );
}

function Highlight({ x, y }: { x: number; y: number }) {
  return <circle cx={x} cy={y} r="13" fill="none" stroke={gold} strokeWidth="3" />;
}

function Page() {
  return (
    <g>
      <rect x="22" y="44" width="116" height="34" rx="6" fill={blue} />
      <rect x="30" y="54" width="50" height="6" rx="3" fill="#fff" />
      <rect x="30" y="64" width="34" height="5" rx="2.5" fill="#fff" opacity="0.7" />
      <rect x="22" y="86" width="54" height="40" rx="6" fill="var(--ill-bar)" />
      <rect x="84" y="86" width="54" height="40" rx="6" fill="var(--ill-bar)" />
      <rect x="22" y="134" width="54" height="40" rx="6" fill="var(--ill-bar)" />
      <rect x="84" y="134" width="54" height="40" rx="6" fill="var(--ill-bar)" />
    </g>
  );
}

function Sheet({ label, y }: { label: string; y: number }) {
  return (
    <g>
      <rect x="14" y={y} width="132" height={260 - y - 14} rx="12" fill="var(--ill-sheet)" />
      {[0, 1, 2].map((row) => (
        <rect key={row} x="26" y={y + 14 + row * 26} width="108" height="18" rx="5" fill="var(--ill-bar)" />
      ))}
      <rect x="22" y={y + 92} width="116" height="28" rx="8" fill={gold} />
      <text x="80" y={y + 111} textAnchor="middle" fontSize="12" fontWeight="700" fill="#2b2205">
        {label}
      </text>
    </g>
  );
}

/** A phone showing one step, the place to tap ringed in gold. */
export function InstallIllustration({ step, addLabel }: { step: InstallStep; addLabel: string }) {
  const isIos = step.startsWith('ios');
  return (
    <svg className="install-illustration" viewBox="0 0 160 280" role="presentation" aria-hidden="true">
      <rect x="4" y="4" width="152" height="272" rx="24" fill="var(--ill-frame)" />
      <rect x="12" y="14" width="136" height="252" rx="16" fill="var(--ill-screen)" />
      {step === 'home-screen' ? (
        <g>
          {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
            <rect
              key={index}
              x={26 + (index % 4) * 28}
              y={40 + Math.floor(index / 4) * 36}
              width="20"
              height="20"
              rx="5"
              fill="var(--ill-bar)"
            />
          ))}
          <rect x="26" y="112" width="20" height="20" rx="5" fill={blue} />
          <path d="M31 116h3v5l5-5h4l-5.5 5.5L43 128h-4l-4-4.5-1 1V128h-3z" fill={gold} />
          <Highlight x={36} y={122} />
          <text x="36" y="146" textAnchor="middle" fontSize="8" fill="var(--ill-ink)">
            Khela
          </text>
        </g>
      ) : (
        <g>
          <AddressBar y={isIos ? 232 : 22} />
          <Page />
          {step === 'ios-share' ? (
            <g>
              <path
                d="M80 238v-10m-5 5l5-5 5 5M73 236v8h14v-8"
                stroke={blue}
                strokeWidth="2"
                fill="none"
                transform="translate(0 -4)"
              />
              <Highlight x={80} y={236} />
            </g>
          ) : null}
          {step === 'android-menu' ? (
            <g>
              {[0, 1, 2].map((dot) => (
                <circle key={dot} cx="130" cy={26 + dot * 5} r="1.8" fill="var(--ill-ink)" />
              ))}
              <Highlight x={130} y={31} />
            </g>
          ) : null}
          {step === 'ios-safari' || step === 'android-chrome' ? (
            <Highlight x={isIos ? 80 : 80} y={isIos ? 241 : 31} />
          ) : null}
          {step === 'ios-add' || step === 'android-add' ? <Sheet label={addLabel} y={120} /> : null}
        </g>
      )}
    </svg>
  );
}
