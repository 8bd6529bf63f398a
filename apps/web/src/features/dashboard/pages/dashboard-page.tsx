import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { useDashboardCards } from '../api/dashboard-api';
import { ChartCard } from '../components/chart-card';
import { StatCard } from '../components/stat-card';
import { TodayRow } from '../components/today-row';
import { DASHBOARD_TEXTS } from '../texts';

/** /admin/dashboard: today's figures, the two cards and the five charts of the last 7 days (spec section 2, Dashboard). */
export default function DashboardPage() {
  const cards = useDashboardCards();
  return (
    <>
      <PageHeader title={DASHBOARD_TEXTS.title} />
      {cards.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {DASHBOARD_TEXTS.cardsError}
        </Alert>
      ) : null}
      {/* The first row: today's figures, each a link to the screen that handles it (issue 20 §4). */}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TodayRow />
        <StatCard
          icon={<PersonOutlinedIcon color="primary" sx={{ fontSize: 40 }} />}
          label={DASHBOARD_TEXTS.customersAwaiting}
          value={cards.data?.customersAwaitingApproval}
          to="/admin/customers"
          loading={cards.isPending}
        />
        <StatCard
          icon={<StorefrontOutlinedIcon color="primary" sx={{ fontSize: 40 }} />}
          label={DASHBOARD_TEXTS.availableProducts}
          value={cards.data?.availableProducts}
          to="/admin/products"
          loading={cards.isPending}
        />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <ChartCard type="topTenSigned" />
        <ChartCard type="searchedTerms" />
        <ChartCard type="mostViewedProd" horizontal />
        <ChartCard type="topTenSellers" horizontal />
        <ChartCard type="searchedButInexistent" horizontal />
      </Box>
    </>
  );
}
