// What an earner does with a credential: download it as JSON or as the baked
// badge image, add it to a wallet (OpenID4VCI) or their LinkedIn profile,
// copy its verification link. A revoked credential no longer counts: nothing
// to download or share, only its verification page (which says revoked).
import { linkedInAddCertificationUrl, TOASTS, type EarnerCredential } from '@gets/schema';
import { CopyIcon, ExternalLinkIcon, LinkedInIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { toast } from '@/lib/toast';
import { downloadCredentialJson, downloadCredentialPng } from '../api/download-credential';
import { AddToWallet } from './add-to-wallet';

export function linkedInUrlOf(credential: EarnerCredential): string {
  return linkedInAddCertificationUrl({
    name: credential.badgeName,
    organizationName: credential.sponsorName,
    issuedAt: new Date(credential.issuedAt),
    expiresAt: credential.expiresAt ? new Date(credential.expiresAt) : null,
    certId: credential.id,
    certUrl: credential.verifyUrl,
  });
}

export function CredentialActions({ credential }: { credential: EarnerCredential }) {
  const download = (save: (id: string) => Promise<void>) => {
    save(credential.id).then(
      () => toast.success(TOASTS.success.badgeDownloaded),
      () => toast.error(TOASTS.error.downloadFailed),
    );
  };
  const verify = (
    <a href={credential.verifyUrl} className={buttonStyles.small}>
      <ExternalLinkIcon className="size-4" />
      Verify
    </a>
  );
  if (credential.status === 'revoked') return <div className="flex flex-wrap gap-2">{verify}</div>;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonStyles.small}
        onClick={() => download(downloadCredentialPng)}
      >
        Download image
      </button>
      <button
        type="button"
        className={buttonStyles.small}
        onClick={() => download(downloadCredentialJson)}
      >
        Download JSON
      </button>
      {credential.status === 'active' && <AddToWallet credential={credential} />}
      <a
        href={linkedInUrlOf(credential)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonStyles.small}
      >
        <LinkedInIcon className="size-4" />
        Add to LinkedIn profile
      </a>
      <button
        type="button"
        className={buttonStyles.small}
        onClick={() => {
          void navigator.clipboard?.writeText(credential.verifyUrl).then(
            () => toast.success(TOASTS.success.linkCopied),
            () => toast.error(TOASTS.error.somethingWentWrong),
          );
        }}
      >
        <CopyIcon className="size-4" />
        Copy link
      </button>
      {verify}
    </div>
  );
}
