// Class names for the app's buttons and button-like links, one place to tune them.
const base =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold tracking-wide transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-50';

export const buttonStyles = {
  primary: `${base} bg-brand-900 px-6 py-3 text-sm text-white shadow-sm hover:bg-brand-800 focus-visible:outline-brand-700`,
  accent: `${base} bg-brand-300 px-6 py-3 text-sm text-brand-950 shadow-sm hover:bg-brand-200 focus-visible:outline-brand-300`,
  outline: `${base} border border-brand-900/20 bg-white px-6 py-3 text-sm text-brand-900 hover:border-brand-900/40 hover:bg-brand-50 focus-visible:outline-brand-700`,
  ghostLight: `${base} border border-white/30 px-6 py-3 text-sm text-white hover:bg-white/10 focus-visible:outline-white`,
  small: `${base} bg-brand-900 px-4 py-2 text-xs text-white hover:bg-brand-800 focus-visible:outline-brand-700`,
} as const;
