import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import {
  Button,
  CloseButton,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconMail, IconProgress } from '@tabler/icons-react';
import { LEAD_STATUSES } from '@leadline/shared/leads';
import type { Lead, LeadStatus } from '@leadline/shared/leads';
import { hasPermission } from '@leadline/shared/permissions';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useLeadSendCheck } from '../api/get-lead-send-check.ts';
import { useUpdateLeadStatus } from '../api/update-lead-status.ts';
import { LEAD_ACTION_ORDER, emailBlockedReason } from './lead-actions.ts';
import type { LeadActionId, LeadQuickAction } from './lead-actions.ts';
import classes from './lead-action-bar.module.css';
import { fullName, statusColor } from './lead-status.ts';

type ActionButtonProps = ComponentPropsWithoutRef<'button'> & {
  label: string;
  icon: ReactNode;
  /** Why it cannot apply now: the button stays focusable and says so (tooltip and description). */
  disabledReason?: string | null;
  active?: boolean;
  loading?: boolean;
};

/**
 * One cell of the bar: an icon over its name. A disabled action is not `disabled` (which
 * would hide it from the keyboard and its tooltip from everyone): it is aria-disabled, does
 * nothing and describes why.
 */
const ActionButton = forwardRef<HTMLButtonElement, ActionButtonProps>(
  ({ label, icon, disabledReason, active, loading, onClick, ...rest }, ref) => {
    const reasonId = useId();
    const blocked = Boolean(disabledReason);
    const button = (
      <Button
        ref={ref}
        variant={active ? 'filled' : 'light'}
        h={52}
        px={2}
        fullWidth
        loading={loading}
        classNames={{ label: classes.label }}
        data-disabled={blocked || undefined}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={(event) => {
          if (blocked) event.preventDefault();
          else onClick?.(event);
        }}
        {...rest}
      >
        <span aria-hidden style={{ display: 'inline-flex' }}>
          {icon}
        </span>
        {label}
      </Button>
    );
    if (!blocked) return button;
    return (
      <>
        <Tooltip
          label={disabledReason}
          multiline
          maw={280}
          withArrow
          role="tooltip"
          events={{ hover: true, focus: true, touch: true }}
        >
          {button}
        </Tooltip>
        <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>
      </>
    );
  },
);
ActionButton.displayName = 'ActionButton';

/** "Status": a menu of the statuses, the lead's own checked; choosing one saves it. */
const StatusAction = ({ lead }: { lead: Lead }) => {
  const update = useUpdateLeadStatus();
  const change = (status: LeadStatus) => {
    if (status === lead.status) return;
    update.mutate(
      { id: lead._id, status },
      {
        onSuccess: () => notifySuccess(`Status of ${lead.personFirstName} updated to ${status}`),
        onError: (error) => notifyError(errorMessage(error, 'Failed to update status'), error),
      },
    );
  };
  return (
    <Menu position="bottom" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionButton
          label="Status"
          icon={<IconProgress size={18} />}
          aria-label={`Status: ${lead.status}`}
          title={`Change the status (now ${lead.status})`}
          loading={update.isPending}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label="Lead status">
        <Menu.Label>Change the status</Menu.Label>
        {LEAD_STATUSES.map((status) => (
          <Menu.Item
            key={status}
            onClick={() => change(status)}
            leftSection={
              <span
                aria-hidden
                style={{
                  width: 8,
                  height: 8,
                  borderRadius: 4,
                  display: 'inline-block',
                  background: `var(--mantine-color-${statusColor(status)}-filled)`,
                }}
              />
            }
            rightSection={status === lead.status ? <IconCheck size={14} aria-hidden /> : null}
            aria-current={status === lead.status || undefined}
          >
            {status}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

type LeadActionBarProps = {
  lead: Lead;
  /** The user may send single emails (Send Email). */
  canSend: boolean;
  /** Opens the composer for a new email to the lead. */
  onEmail: (lead: Lead) => void;
  /** What other features add: calls, notes, tasks, converting. */
  actions: readonly LeadQuickAction[];
};

/**
 * The lead drawer's first row: Email, Call, Note, Task, Status and Convert, each one click to
 * its form. An action the user has no permission for is not shown; one that cannot apply to
 * this lead is shown disabled, saying why. Call, Note and Task open their form under the bar.
 */
export const LeadActionBar = ({ lead, canSend, onEmail, actions }: LeadActionBarProps) => {
  const { user } = useSession();
  const canChangeStatus = user !== null && hasPermission(user, 'leadsTable');
  const sendCheck = useLeadSendCheck(lead._id, canSend);
  const [openId, setOpenId] = useState<LeadActionId | null>(null);
  const baseId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<LeadActionId, HTMLButtonElement | null>());

  const open = actions.find((action) => action.id === openId) ?? null;
  const close = () => {
    const id = openId;
    setOpenId(null);
    if (id) buttons.current.get(id)?.focus();
  };

  // The form's first field takes the focus when it opens.
  const panelOpen = open?.opens === 'panel' ? open.id : null;
  useEffect(() => {
    if (!panelOpen) return;
    const panel = panelRef.current;
    const field =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select');
    field?.focus();
  }, [panelOpen]);

  const cells: { id: LeadActionId; node: ReactNode }[] = [];
  if (canSend) {
    cells.push({
      id: 'email',
      node: (
        <ActionButton
          label="Email"
          icon={<IconMail size={18} />}
          title={`A new email to ${fullName(lead)}`}
          disabledReason={emailBlockedReason(lead, sendCheck.data?.suppressed ?? null)}
          onClick={() => onEmail(lead)}
        />
      ),
    });
  }
  if (canChangeStatus) cells.push({ id: 'status', node: <StatusAction lead={lead} /> });
  for (const action of actions) {
    const panelId = `${baseId}-${action.id}`;
    cells.push({
      id: action.id,
      node: (
        <ActionButton
          ref={(element) => {
            buttons.current.set(action.id, element);
          }}
          label={action.label}
          icon={action.icon}
          title={action.disabledReason ? undefined : action.title}
          disabledReason={action.disabledReason}
          active={openId === action.id}
          aria-expanded={action.disabledReason ? undefined : openId === action.id}
          aria-controls={action.opens === 'panel' && openId === action.id ? panelId : undefined}
          aria-haspopup={action.opens === 'dialog' ? 'dialog' : undefined}
          onClick={() => setOpenId((current) => (current === action.id ? null : action.id))}
        />
      ),
    });
  }
  cells.sort((a, b) => LEAD_ACTION_ORDER.indexOf(a.id) - LEAD_ACTION_ORDER.indexOf(b.id));
  if (cells.length === 0) return null;

  return (
    <Stack gap="sm">
      <SimpleGrid
        cols={cells.length}
        spacing={4}
        role="group"
        aria-label="Lead actions"
        data-testid="lead-action-bar"
      >
        {cells.map((cell) => (
          <div key={cell.id} style={{ minWidth: 0 }}>
            {cell.node}
          </div>
        ))}
      </SimpleGrid>
      {open?.opens === 'panel' ? (
        <Paper
          withBorder
          radius="md"
          p="sm"
          ref={panelRef}
          id={`${baseId}-${open.id}`}
          role="region"
          aria-label={open.title}
        >
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Text fw={600} size="sm">
              {open.title}
            </Text>
            <CloseButton
              size="sm"
              aria-label={`Close ${open.title.toLowerCase()}`}
              onClick={close}
            />
          </Group>
          {open.render(close)}
        </Paper>
      ) : null}
      {open?.opens === 'dialog' ? open.render(close) : null}
    </Stack>
  );
};
