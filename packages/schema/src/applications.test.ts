// The application rules shared by the Apply modal and the server: the form's
// messages, evidence only with a yes, one decision per application, and the
// words of a refused approval.
import { describe, expect, it } from 'vitest';
import { applicationBodyOf, applicationFormSchema } from './application-form.ts';
import { processRequestsRequestSchema, requestBadgeRequestSchema } from './application-requests.ts';
import { APPLICATION_MESSAGES, tooManyApprovalsMessage } from './applications.ts';
import { VALIDATION } from './messages.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('application rules', () => {
  it('asks for the full name and both answers with the spec messages', () => {
    expect(
      messages(applicationFormSchema.safeParse({ fullName: ' ', program: '', evidence: '' })),
    ).toEqual([
      VALIDATION.application.fullNameRequired,
      VALIDATION.application.awardCriteriaRequired,
      VALIDATION.application.needEvidenceRequired,
    ]);
  });

  it('sends the evidence only when the earner answered yes to sending it', () => {
    const form = {
      fullName: 'Ada',
      program: '',
      awardCriteria: 'yes',
      evidence: 'Notes G',
    } as const;
    expect(applicationBodyOf({ ...form, needEvidence: 'yes' })).toEqual({
      fullName: 'Ada',
      program: undefined,
      awardCriteria: true,
      awardingCriteriaEvidence: true,
      requestedEvidenceDoc: 'Notes G',
    });
    expect(applicationBodyOf({ ...form, needEvidence: 'no' }).requestedEvidenceDoc).toBeUndefined();
  });

  it('takes the badge number as a number or its decimal string, and booleans for the answers', () => {
    const body = {
      onChainId: 12,
      email: 'ada@example.org',
      fullName: 'Ada',
      awardCriteria: true,
      awardingCriteriaEvidence: false,
    };
    expect(requestBadgeRequestSchema.parse(body)).toMatchObject({ onChainId: '12', program: null });
    expect(
      messages(requestBadgeRequestSchema.safeParse({ ...body, awardCriteria: 'yes' })),
    ).toEqual([VALIDATION.application.awardCriteriaRequired]);
  });

  it('wants one decision per application, each application once', () => {
    const base = { email: 'school@example.org' };
    expect(
      messages(
        processRequestsRequestSchema.safeParse({
          ...base,
          onChainId: ['1', '2'],
          approval: [true],
        }),
      ),
    ).toEqual([APPLICATION_MESSAGES.lengthMismatch]);
    expect(
      messages(
        processRequestsRequestSchema.safeParse({
          ...base,
          onChainId: ['1', '1'],
          approval: [true, false],
        }),
      ),
    ).toEqual([APPLICATION_MESSAGES.duplicateApplication]);
    expect(
      processRequestsRequestSchema.safeParse({
        ...base,
        onChainId: [1, '2'],
        approval: [true, false],
      }).success,
    ).toBe(true);
  });

  it('says how many badges are left when an approval asks for more', () => {
    expect(tooManyApprovalsMessage('Solidity', 1)).toBe(
      'Only 1 badge is left for "Solidity": approve at most 1 application',
    );
    expect(tooManyApprovalsMessage('Solidity', 0)).toBe(
      'All badges of "Solidity" are claimed: no application can be approved',
    );
  });
});
