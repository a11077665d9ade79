// Whether a name another issuer gives itself would pass for this platform's:
// the same letters once case, spacing, punctuation, invisible characters,
// full-width forms, homoglyphs of other scripts (Unicode's confusables, through
// the `confusables` package) and digits written for letters are set aside.
// "GETS Badges", "gets-badges", "GΕTS Вadges" (Greek and Cyrillic capitals)
// and "GET5 8adges" all read the same to a recruiter.
import { remove as withoutConfusables } from 'confusables';
import { PRODUCT_NAME } from '@gets/schema';

/** Digits that stand in for letters in a name meant to deceive. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '8': 'b',
};

/** A name reduced to what a reader sees: lower-case Latin letters only. */
export function nameSkeleton(name: string): string {
  return withoutConfusables(name.normalize('NFKC'))
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[0-9]/g, (digit) => DIGIT_LOOKALIKES[digit] ?? digit)
    .replace(/[^a-z0-9]/g, '')
    .replace(/i/g, 'l');
}

const PLATFORM_SKELETON = nameSkeleton(PRODUCT_NAME);

/** Whether the name is, or contains, a look-alike of this platform's name. */
export function passesForPlatform(name: string): boolean {
  return nameSkeleton(name).includes(PLATFORM_SKELETON);
}
