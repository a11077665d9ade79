// What the rest of the app may use from the staking feature.
export { BALANCES_QUERY_KEY, getBalances, useBalances, type BalancesOf } from './api/get-balances';
export { StakePage } from './components/stake-page';
export { CommunityTreasureScreen } from './components/community-treasure-screen';
