import { useEffect, useRef } from 'react';
import { Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconMailOpened, IconRefresh } from '@tabler/icons-react';
import { INBOX_LOAD_FAILED } from '@leadline/shared/inbox';
import { isUuid } from '@leadline/shared/ids';
import { hasPermission } from '@leadline/shared/permissions';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../lib/constants.ts';
import { notifyError } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { useInbox } from '../../features/inbox/api/get-inbox.ts';
import { useInboxEmail } from '../../features/inbox/api/get-inbox-email.ts';
import { EmailPreview } from '../../features/inbox/components/email-preview.tsx';
import { InboxList } from '../../features/inbox/components/inbox-list.tsx';
import { LoadError } from '../../components/load-error.tsx';
import {
  InboxEmpty,
  InboxLoading,
  MailSettingsLink,
} from '../../features/inbox/components/inbox-states.tsx';
import classes from '../../features/inbox/components/inbox.module.css';
import { InboxMailboxSelect } from '../../features/mailboxes/components/inbox-mailbox-select.tsx';
import { ConversationDrawer } from './conversation-drawer.tsx';
import { InboxReply } from './inbox-reply.tsx';

/** `mailbox`: the id of the mailbox read (anything else reads the default mailbox). */
/** `lead`: the lead whose conversation is open in the drawer. */
const VIEW_DEFAULTS = { email: '', mailbox: '', lead: '' } as const;
const EMAIL_LOAD_FAILED = 'Failed to load the email';

/** The mail server or its settings are at fault (a 400 says why): the settings may help. */
const isSettingsProblem = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 400;

type PreviewPaneProps = {
  id: string;
  mailbox: string | undefined;
  settingsLink: boolean;
  onOpenConversation?: (leadId: string) => void;
};

const PreviewPane = ({ id, mailbox, settingsLink, onOpenConversation }: PreviewPaneProps) => {
  const email = useInboxEmail(id, mailbox);
  if (email.isPending) return <CenteredLoader label="Loading email" />;
  if (email.isError) {
    return (
      <LoadError
        title="Could not open this email"
        message={errorMessage(email.error, EMAIL_LOAD_FAILED)}
        retrying={email.isFetching}
        onRetry={() => void email.refetch()}
        actions={settingsLink && isSettingsProblem(email.error) ? <MailSettingsLink /> : null}
      />
    );
  }
  return (
    <EmailPreview
      key={id}
      email={email.data}
      mailbox={mailbox}
      actions={<InboxReply email={email.data} onOpenConversation={onOpenConversation} />}
    />
  );
};

const NothingSelected = () => (
  <Stack align="center" gap={6} py="xl">
    <IconMailOpened size={32} aria-hidden color="var(--mantine-color-dimmed)" />
    <Text c="dimmed">Select an email to read it here.</Text>
  </Stack>
);

/** /inbox: the user's own IMAP inbox, a list and a preview pane. */
export const InboxRoute = () => {
  const { user } = useSession();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [view, update] = useUrlState(VIEW_DEFAULTS);
  const selectedId = /^\d+$/.test(view.email) ? view.email : null;
  const mailbox = isUuid(view.mailbox) ? view.mailbox : undefined;
  const inbox = useInbox(mailbox);
  const emails = inbox.data?.pages.flatMap((page) => page.emails) ?? [];
  const total = inbox.data?.pages[0]?.total ?? 0;
  const settingsLink = user !== null && hasPermission(user, 'configureEmail');
  // The drawer's conversation is read with the leads' permission.
  const openConversation =
    user !== null && hasPermission(user, 'leadsTable')
      ? (leadId: string) => update({ lead: leadId })
      : undefined;

  // A failed load also shows a toast with the server's message.
  const { error } = inbox;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (error && reported.current !== error) {
      reported.current = error;
      notifyError(errorMessage(error, INBOX_LOAD_FAILED), error);
    }
  }, [error]);

  const select = (id: string | null) => update({ email: id });
  const refreshing = inbox.isRefetching && !inbox.isFetchingNextPage;
  const showList = !mobile || selectedId === null;
  const showPreview = !mobile || selectedId !== null;

  const list = inbox.isPending ? (
    <InboxLoading />
  ) : inbox.isError && !inbox.isFetchNextPageError ? (
    <LoadError
      title="Could not load the inbox"
      message={errorMessage(inbox.error, INBOX_LOAD_FAILED)}
      retrying={inbox.isFetching}
      onRetry={() => void inbox.refetch()}
      actions={settingsLink && isSettingsProblem(inbox.error) ? <MailSettingsLink /> : null}
    />
  ) : emails.length === 0 ? (
    <InboxEmpty />
  ) : (
    <InboxList
      emails={emails}
      total={total}
      selectedId={selectedId}
      onSelect={select}
      hasMore={inbox.hasNextPage}
      loadingMore={inbox.isFetchingNextPage}
      onLoadMore={() => void inbox.fetchNextPage()}
    />
  );

  return (
    <>
      <PageHeader
        title="Inbox"
        description="Your own mailbox, read over IMAP. Nothing here is changed on the mail server."
        actions={
          <Group gap="sm" wrap="nowrap">
            <InboxMailboxSelect
              value={mailbox ?? ''}
              onChange={(id) => update({ mailbox: id, email: null })}
            />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void inbox.refetch()}
              loading={refreshing}
              disabled={inbox.isPending}
            >
              Refresh
            </Button>
          </Group>
        }
      />
      <Grid gap="md" align="flex-start">
        {showList ? (
          <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
            <Paper withBorder radius="md" component="section" aria-label="Inbox">
              {list}
            </Paper>
          </Grid.Col>
        ) : null}
        {showPreview ? (
          <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>
            <Paper
              withBorder
              radius="md"
              p={{ base: 'sm', sm: 'md' }}
              component="section"
              aria-label="Email preview"
              className={classes.preview}
            >
              {mobile ? (
                <Button
                  variant="subtle"
                  leftSection={<IconArrowLeft size={16} />}
                  onClick={() => select(null)}
                  mb="sm"
                  px={4}
                >
                  Back to inbox
                </Button>
              ) : null}
              {selectedId ? (
                <PreviewPane
                  id={selectedId}
                  mailbox={mailbox}
                  settingsLink={settingsLink}
                  onOpenConversation={openConversation}
                />
              ) : (
                <NothingSelected />
              )}
            </Paper>
          </Grid.Col>
        ) : null}
      </Grid>
      {openConversation ? (
        <ConversationDrawer
          leadId={isUuid(view.lead) ? view.lead : null}
          onClose={() => update({ lead: null })}
        />
      ) : null}
    </>
  );
};
