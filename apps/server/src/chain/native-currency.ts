// The chain's own coin, which relayers pay gas in (Polygon's; the embedded Anvil's too).
export const NATIVE_CURRENCY = { name: 'POL', symbol: 'POL', decimals: 18 } as const;
