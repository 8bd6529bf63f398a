import type { CashFlowRow } from '@backoffice/contract';
import { useTheme } from '@mui/material/styles';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxis } from '@mui/x-charts/ChartsAxis';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { LinePlot } from '@mui/x-charts/LineChart';
import { formatDate, formatMoney } from '../../../lib/format';
import { CASH_FLOW_PAGE_TEXTS as T } from '../texts';

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
const money = (value: number | null) => (value === null ? '' : formatMoney(value));
/** DD/MM of a day (the axis), DD/MM/YYYY–DD/MM/YYYY of a row (the tooltip). */
const shortDay = (day: string) => formatDate(day).slice(0, 5);
const periodOf = (row: CashFlowRow) =>
  row.start === row.end ? formatDate(row.start) : `${formatDate(row.start)}–${formatDate(row.end)}`;

/**
 * The cash flow drawn (the default export, loaded lazily): a bar of what comes in (received, then to receive) and
 * one of what goes out (paid, then to pay) each row, on the left axis; the balance from today, a line on the right.
 */
export default function CashFlowChart({ rows }: { rows: CashFlowRow[] }) {
  const theme = useTheme();
  return (
    <ChartsDataProvider
      height={320}
      margin={{ top: 8, right: 8, left: 4, bottom: 4 }}
      dataset={rows.map((row, position) => ({
        position,
        in: row.received + row.toReceive,
        out: row.paid + row.toPay,
        balance: row.balance,
      }))}
      xAxis={[
        {
          id: 'period',
          scaleType: 'band',
          dataKey: 'position',
          valueFormatter: (position: number, context: { location: string }) => {
            const row = rows[position];
            if (!row) return '';
            return context.location === 'tick' ? shortDay(row.start) : periodOf(row);
          },
          tickLabelStyle: { fontSize: 11 },
          height: 28,
        },
      ]}
      yAxis={[
        { id: 'flow', position: 'left', width: 60, valueFormatter: (v: number) => compact.format(v) },
        { id: 'balance', position: 'right', width: 64, valueFormatter: (v: number) => compact.format(v) },
      ]}
      series={[
        {
          type: 'bar',
          dataKey: 'in',
          label: T.chartIn,
          yAxisId: 'flow',
          color: theme.palette.success.main,
          valueFormatter: money,
        },
        {
          type: 'bar',
          dataKey: 'out',
          label: T.chartOut,
          yAxisId: 'flow',
          color: theme.palette.error.main,
          valueFormatter: money,
        },
        {
          type: 'line',
          dataKey: 'balance',
          label: T.chartBalance,
          yAxisId: 'balance',
          color: theme.palette.primary.main,
          showMark: false,
          curve: 'linear',
          valueFormatter: money,
        },
      ]}
    >
      <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'center' }}>
        <ChartsLegend />
        <ChartsSurface aria-label={T.chart}>
          <ChartsGrid horizontal />
          <BarPlot />
          <LinePlot />
          <ChartsAxis />
          <ChartsAxisHighlight x="band" />
        </ChartsSurface>
        <ChartsTooltip trigger="axis" />
      </ChartsWrapper>
    </ChartsDataProvider>
  );
}
