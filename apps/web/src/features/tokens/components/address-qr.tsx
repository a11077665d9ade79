// A wallet address as a QR code (drawn here, no outside service), with the
// address under it to copy.
import { QRCodeSVG } from 'qrcode.react';
import { WalletAddress } from '@/features/accounts';

export function AddressQr({ address, label }: { address: string; label: string }) {
  return (
    <figure className="flex flex-col items-center gap-3">
      <QRCodeSVG
        value={address}
        size={176}
        marginSize={2}
        role="img"
        aria-label={`QR code of ${label}`}
        className="rounded-xl border border-slate-200 bg-white"
      />
      <figcaption className="max-w-full">
        <WalletAddress address={address} />
      </figcaption>
    </figure>
  );
}
