import type { ReportType } from '@backoffice/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartPoint } from '../api/dashboard-api';
import { CHART_TEXTS } from '../texts';
import { axisMax, chartLabels } from './chart-scale';

/**
 * Decision 0014 (against section 9's fixed axes and 100/150 px a label): a horizontal chart is 34 px a bar
 * plus its axis, so ten bars fit a screen; the vertical ones a fixed height.
 */
const BAR_HEIGHT = 34;
const AXIS_HEIGHT = 50;
const VERTICAL_HEIGHT = 320;

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
  const height = horizontal ? points.length * BAR_HEIGHT + AXIS_HEIGHT : VERTICAL_HEIGHT;
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
      height={Math.max(height, 120)}
      margin={{ right: 24, top: 16 }}
      hideLegend
    />
  );
}
