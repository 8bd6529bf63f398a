import type { ReportType } from '@backoffice/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartPoint } from '../api/dashboard-api';
import { CHART_TEXTS } from '../texts';
import { axisMax, chartHeight, chartLabels } from './chart-scale';

/** The bars of one dashboard chart (the default export, loaded lazily by ChartCard). */
export default function BarsChart({
  type,
  points,
  horizontal,
}: {
  type: ReportType;
  points: ChartPoint[];
  horizontal: boolean;
}) {
  const texts = CHART_TEXTS[type];
  const max = axisMax(Math.max(0, ...points.map((p) => p.value)));
  const ticks = chartLabels(points);
  // The band's keys are the positions: the tick shows the short label, the tooltip the whole name.
  const band = {
    scaleType: 'band' as const,
    dataKey: 'position',
    valueFormatter: (position: number, context: { location: string }) =>
      (context.location === 'tick' ? ticks[position] : points[position]?.label) ?? '',
  };
  const value = { min: 0, max, tickNumber: 5 };
  return (
    <BarChart
      dataset={points.map((p, position) => ({ position, value: p.value }))}
      series={[{ dataKey: 'value', label: texts.series, barLabel: 'value', barLabelPlacement: 'outside' }]}
      layout={horizontal ? 'horizontal' : 'vertical'}
      xAxis={[
        horizontal ? value : { ...band, tickLabelStyle: { angle: -30, textAnchor: 'end', fontSize: 11 }, height: 80 },
      ]}
      yAxis={[horizontal ? { ...band, width: 160, tickLabelStyle: { fontSize: 11 } } : value]}
      height={chartHeight(points.length, horizontal)}
      margin={{ right: 24, top: 16 }}
      hideLegend
    />
  );
}
