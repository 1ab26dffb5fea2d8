export const mailOAuthKeys = {
  providers: ['mail-oauth', 'providers'] as const,
};
