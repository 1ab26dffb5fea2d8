/** React Query keys of the domain check feature. */
export const domainCheckKeys = {
  mailbox: (mailboxId: string) => ['domain-check', mailboxId] as const,
  campaignWarning: (campaignId: string) => ['domain-check', 'campaign', campaignId] as const,
};
