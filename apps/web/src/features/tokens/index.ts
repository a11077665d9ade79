// What the rest of the app may use from the tokens feature.
export { GiveTokensDialog, type GiveTokensDialogProps } from './components/give-tokens-dialog';
export { GiveTokensButton } from './components/give-tokens-button';
export { GetTokensLink } from './components/get-tokens-link';
export { AddressQr } from './components/address-qr';
export { usePlatformInfo, useExchangeUrl } from './api/get-platform-info';
