import { QRCodeSVG } from 'qrcode.react';

export interface QrCodeProps {
  /** What a phone reads from the code, e.g. a BIP21 or EIP-681 payment URI. */
  value: string;
  /** Says what the code holds, for people who cannot scan it. */
  label: string;
  size?: number;
}

/** A QR code as SVG (sharp at any zoom, prints well); quiet zone included so phones read it. */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      marginSize={4}
      level="M"
      role="img"
      aria-label={label}
      title={label}
    />
  );
}
