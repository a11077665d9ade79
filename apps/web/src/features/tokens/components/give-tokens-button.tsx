// A button that opens the Give Tokens dialog (GIVE TOKENS, SEND GETS).
import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { GiveTokensDialog, type GiveTokensDialogProps } from './give-tokens-dialog';

export function GiveTokensButton({
  label,
  className = buttonStyles.primary,
  ...dialog
}: Omit<GiveTokensDialogProps, 'open' | 'onClose'> & { label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        {label}
      </button>
      <GiveTokensDialog {...dialog} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
