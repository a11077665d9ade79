// Why a button is disabled, said next to it: a visible line the button points
// at with aria-describedby, so a screen reader reads the reason with the
// button. Render it only while the button is disabled for that reason.
//   const hint = useId();
//   <button disabled={!!reason} aria-describedby={reason ? hint : undefined}>Stake</button>
//   <DisabledReason id={hint} reason={reason} />
export function DisabledReason({
  id,
  reason,
  className = '',
}: {
  id: string;
  reason: string | null | undefined;
  className?: string;
}) {
  if (!reason) return null;
  return (
    <p id={id} className={`text-sm text-slate-600 ${className}`}>
      {reason}
    </p>
  );
}
