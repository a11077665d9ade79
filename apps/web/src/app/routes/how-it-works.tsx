// The explainer: a link to the video and the user manual, embedded on wide
// screens and offered as a link on narrow ones (where PDF embeds work poorly).
import { EXTERNAL_LINKS, HOW_IT_WORKS_MOBILE_BREAKPOINT_PX, USER_MANUAL_PATH } from '@gets/schema';
import { DocumentIcon, ExternalLinkIcon, PlayIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMediaQuery } from '@/hooks/use-media-query';

export const MOBILE_QUERY = `(max-width: ${HOW_IT_WORKS_MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function HowItWorksRoute() {
  useDocumentTitle('How It Works');
  const isMobile = useMediaQuery(MOBILE_QUERY);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
            User manual
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            How It Works
          </h1>
          <p className="mt-3 text-slate-600">
            Everything about badges, rewards, claiming and the Community Treasure, in one guide.
            Prefer to watch? The explainer video walks through it in a few minutes.
          </p>
        </div>
        <a
          href={EXTERNAL_LINKS.explainerVideo}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonStyles.primary} shrink-0`}
        >
          <PlayIcon className="size-5" />
          Watch Video
        </a>
      </div>

      {isMobile ? (
        <div className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
          <DocumentIcon className="mx-auto size-10 text-brand-800" />
          <p className="mt-4 text-slate-700">View the document by clicking below:</p>
          <a
            href={USER_MANUAL_PATH}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonStyles.outline} mt-4`}
          >
            Open PDF
            <ExternalLinkIcon className="size-4" />
          </a>
        </div>
      ) : (
        <object
          data={USER_MANUAL_PATH}
          type="application/pdf"
          aria-label="User manual"
          className="mt-10 h-[80vh] min-h-[600px] w-full rounded-2xl border border-slate-200 shadow-sm"
        >
          {/* Shown by browsers that cannot display PDFs inline. */}
          <div className="grid h-full place-items-center p-6 text-center">
            <p className="text-slate-700">
              Your browser cannot show the PDF here.{' '}
              <a href={USER_MANUAL_PATH} className="font-semibold text-brand-800 underline">
                Download the user manual
              </a>
              .
            </p>
          </div>
        </object>
      )}
    </div>
  );
}
