// /developers (issue 46): an approved sponsor's API keys and webhook
// endpoints, for connecting their own systems, with where the API is described.
import { API_PREFIX } from '@gets/schema';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

export const DEVELOPERS_TITLE = 'Developers';
export const API_DOCS_PATH = `${API_PREFIX}/docs`;

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950';

export function DevelopersPage() {
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{DEVELOPERS_TITLE}</h1>
        <p className="mt-3 text-slate-600">
          Connect your own systems: call the same API this app uses with an API key, sent in the
          header <code className="font-mono text-sm">Authorization: Bearer &lt;key&gt;</code>, and
          hear of your badges&apos; events at your webhook endpoints. Every call is described in the{' '}
          <a href={API_DOCS_PATH} className={linkClass}>
            API documentation
          </a>
          ; the integration guide (docs/integrations.md) walks through keys, webhooks and the events
          feed.
        </p>
      </div>
      <ApiKeysSection />
      <WebhooksSection />
    </section>
  );
}
