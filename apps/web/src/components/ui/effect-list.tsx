// What a decision will do, as a list a dialog shows before the person
// confirms (a ban: sessions ended, credentials revoked, ...).
export function EffectList({ label, effects }: { label: string; effects: readonly string[] }) {
  return (
    <ul aria-label={label} className="mb-5 list-disc space-y-1 pl-5 text-sm text-slate-700">
      {effects.map((effect) => (
        <li key={effect}>{effect}</li>
      ))}
    </ul>
  );
}
