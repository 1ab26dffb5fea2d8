import { useMemo } from 'react';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { COMPANIES_PER_PAGE, COMPANY_SEARCH_MAX } from '@leadline/shared/companies';
import { ChooseOrganization } from '../../components/choose-organization.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PaginationBar } from '../../components/pagination-bar.tsx';
import { DebouncedInput } from '../../components/search-input.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useOrganizationChoice } from '../../lib/organization-choice.ts';
import { useSession } from '../../lib/session.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { useCompanies } from '../../features/companies/api/get-companies.ts';
import { CompaniesTable } from '../../features/companies/components/companies-table.tsx';

const VIEW_DEFAULTS = { search: '', page: '1' } as const;

/** /companies: the organisation's leads grouped by company, searched and paged on the server. */
export const CompaniesRoute = () => {
  const { user } = useSession();
  const organization = useOrganizationChoice();
  const needsOrganization = user?.role === 'Super Admin' && !organization;
  const [view, update] = useUrlState(VIEW_DEFAULTS);
  const page = Math.max(1, Math.floor(Number(view.page)) || 1);
  const ask = useMemo(
    () => ({ search: view.search, page, limit: COMPANIES_PER_PAGE }),
    [view.search, page],
  );
  const companies = useCompanies(ask, organization, !needsOrganization);

  const body = () => {
    if (needsOrganization) return <ChooseOrganization purpose="see its companies" />;
    if (companies.isError && !companies.data)
      return (
        <LoadError
          title="Could not load the companies"
          message={errorMessage(companies.error, 'Please try again.')}
          retrying={companies.isFetching}
          onRetry={() => void companies.refetch()}
        />
      );
    if (!companies.data) return <Skeleton h={240} radius="md" />;
    const { data } = companies;
    return (
      <Stack gap="xs" aria-busy={companies.isFetching}>
        {data.companies.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              {view.search
                ? `No company matches “${view.search}”.`
                : 'No companies yet: leads with a website or a company name appear here.'}
            </Text>
          </Paper>
        ) : (
          <Paper withBorder radius="md" style={{ opacity: companies.isPlaceholderData ? 0.6 : 1 }}>
            <CompaniesTable companies={data.companies} />
          </Paper>
        )}
        <PaginationBar
          page={page}
          pageSize={data.limit}
          total={data.total}
          noun="companies"
          onPageChange={(next) => update({ page: next })}
          disabled={companies.isFetching}
        />
      </Stack>
    );
  };

  return (
    <>
      <PageHeader
        title="Companies"
        description="Your leads grouped by company: by website domain, else by company name."
      />
      <Stack gap="md">
        <DebouncedInput
          value={view.search}
          onCommit={(search) => update({ search, page: 1 }, { replace: true })}
          placeholder="Search by company name or domain"
          aria-label="Search companies"
          leftSection={<IconSearch size={16} />}
          maxLength={COMPANY_SEARCH_MAX}
          maw={420}
          disabled={needsOrganization}
        />
        {body()}
      </Stack>
    </>
  );
};
