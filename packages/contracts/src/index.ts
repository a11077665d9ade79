// Public surface of @gets/contracts: typed ABIs and bytecode, the deploy routine, and the
// ERC-2771 request signing the server's relayer pipeline needs.
export * from './generated/PlatformForwarder.ts';
export * from './generated/GetsToken.ts';
export * from './generated/PlatformSettings.ts';
export * from './generated/UserRegistry.ts';
export * from './generated/BadgeEscrow.ts';
export * from './generated/BadgeToken.ts';
export * from './generated/CommunityTreasure.ts';
export {
  DEFAULT_INITIAL_SUPPLY,
  contractNames,
  deployPlatform,
  isPlatformDeployed,
  type ContractName,
  type DeployOptions,
  type PlatformContracts,
  type PlatformDeployment,
} from './deploy.ts';
export {
  FORWARDER_DOMAIN,
  forwardRequestTypes,
  signForwardRequest,
  type ForwardRequestData,
  type SignForwardRequestOptions,
} from './forward-request.ts';
export {
  GETS_PERMIT_DOMAIN,
  permitTypes,
  signGetsPermit,
  type SignPermitOptions,
} from './permit.ts';
export { platformAbis } from './abis.ts';
