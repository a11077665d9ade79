// A QR code drawn in the browser (no outside service): a badge's public link,
// a fixed sample for drafts and the preview, a wallet's credential offer. The
// drawing code loads with the first QR shown; until then its square is kept empty.
import { lazy, Suspense } from 'react';

const QRCodeSVG = lazy(() =>
  import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })),
);

export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  return (
    <Suspense
      fallback={
        <span
          role="img"
          aria-label={label}
          className="inline-block rounded bg-white"
          style={{ width: size, height: size }}
        />
      }
    >
      <QRCodeSVG
        value={value}
        size={size}
        marginSize={1}
        level="M"
        role="img"
        aria-label={label}
        className="rounded bg-white"
      />
    </Suspense>
  );
}
