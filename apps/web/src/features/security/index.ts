// What the rest of the app may use from the security feature (issue 45).
export { SecurityPanel, SECURITY_SECTION_ID } from './components/security-panel';
export { FactorProofForm } from './components/factor-proof-form';
export { NotMeScreen } from './components/not-me-screen';
export { getSecurityOverview, type SecurityActor } from './api/security-api';
