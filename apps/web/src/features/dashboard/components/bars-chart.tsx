import type { ReportType } from '@backoffice/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartPoint } from '../api/dashboard-api';
import { CHART_TEXTS } from '../texts';

/** Section 9: horizontal charts are this many pixels tall per label; the vertical ones a fixed height. */
const ROW_HEIGHT: Partial<Record<ReportType, number>> = { mostViewedProd: 150 };
const HORIZONTAL_ROW_HEIGHT = 100;
const VERTICAL_HEIGHT = 320;
/** Axis upper bound: 100 (vertical) or 50 (horizontal), or the largest figure when it is larger. */
const AXIS_MAX = { vertical: 100, horizontal: 50 } as const;

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
  const largest = Math.max(0, ...points.map((p) => p.value));
  const max = Math.max(horizontal ? AXIS_MAX.horizontal : AXIS_MAX.vertical, largest);
  const height = horizontal ? points.length * (ROW_HEIGHT[type] ?? HORIZONTAL_ROW_HEIGHT) : VERTICAL_HEIGHT;
  const band = { scaleType: 'band' as const, dataKey: 'label' };
  const value = { min: 0, max };
  return (
    <BarChart
      dataset={points as unknown as Record<string, string | number>[]}
      series={[{ dataKey: 'value', label: texts.series }]}
      layout={horizontal ? 'horizontal' : 'vertical'}
      xAxis={[
        horizontal ? value : { ...band, tickLabelStyle: { angle: -30, textAnchor: 'end', fontSize: 11 }, height: 70 },
      ]}
      yAxis={[horizontal ? { ...band, width: 150, tickLabelStyle: { fontSize: 11 } } : value]}
      height={Math.max(height, 160)}
      hideLegend
    />
  );
}
