import { useEffect, useState } from 'react';
import './app-qr-code.css';

/** A QR code of `url`, drawn as SVG by the `qrcode` package, which loads only when a code is shown. */
export function AppQrCode({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (!cancelled) setSvg(markup);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [url]);

  // The markup comes from the qrcode library (paths only), never from a visitor or an operator.
  return svg ? (
    <div className="app-qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />
  ) : (
    <div className="app-qr app-qr--loading" aria-hidden="true" />
  );
}
