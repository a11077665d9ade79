// What the rest of the app may use from the developers feature (issue 46):
// the /developers page and the API keys section of the admin's sponsor page.
// Only those lazy routes import it: none of it is in the first load.
export { DevelopersPage, DEVELOPERS_TITLE } from './components/developers-page';
export { DevelopersClosed } from './components/developers-closed';
export { SponsorApiKeys } from './components/sponsor-api-keys';
