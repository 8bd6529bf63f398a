import { REPORT_TYPE_STORAGE_KEY, type ReportType } from '@backoffice/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { CHART_PERIODS, useChart } from '../api/dashboard-api';
import { CHART_TEXTS, DASHBOARD_TEXTS } from '../texts';
import { chartHeight } from './chart-scale';

/** Stores the chart's report type for /admin/reportDetail (spec section 2, Dashboard). */
export function storeReportType(type: ReportType) {
  localStorage.setItem(REPORT_TYPE_STORAGE_KEY, type);
}

/** The chart library (about 300 kB) arrives after the cards and the frames, in its own chunk. */
const BarsChart = lazy(() => import('./bars-chart'));

/** One of the five dashboard charts: title, caption, the bars, "Carregar mais dados" and "Ver detalhes". */
export function ChartCard({ type, horizontal = false }: { type: ReportType; horizontal?: boolean }) {
  const texts = CHART_TEXTS[type];
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const days = CHART_PERIODS[step] ?? 7;
  const chart = useChart(type, days);
  const titleId = `chart-${type}`;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {texts.title}
        </Typography>
        {texts.subtitle ? <Typography color="text.secondary">{texts.subtitle}</Typography> : null}
        <Box sx={{ mt: 1 }}>
          {chart.isPending ? (
            // A vertical chart's height is known before its figures: kept, so the cards below do not move.
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'center',
                alignItems: 'center',
                py: 6,
                minHeight: horizontal ? undefined : chartHeight(0, false),
              }}
            >
              <CircularProgress aria-label={`${DASHBOARD_TEXTS.loading}: ${texts.title}`} />
            </Box>
          ) : chart.isError ? (
            <Alert severity="error">{DASHBOARD_TEXTS.chartError}</Alert>
          ) : chart.data.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
              {DASHBOARD_TEXTS.empty}
            </Typography>
          ) : (
            <>
              {/* inert: the drawing (focusable SVG) is out of the tab order and hidden from screen readers */}
              {/* The chart's height held while its code arrives (chartHeight): the buttons below stay put. */}
              <Box inert sx={{ minHeight: chartHeight(chart.data.length, horizontal) }}>
                <Suspense
                  fallback={
                    <Box
                      sx={{
                        display: 'flex',
                        justifyContent: 'center',
                        alignItems: 'center',
                        height: chartHeight(chart.data.length, horizontal),
                      }}
                    >
                      <CircularProgress size={24} />
                    </Box>
                  }
                >
                  <BarsChart type={type} points={chart.data} horizontal={horizontal} />
                </Suspense>
              </Box>
              {/* The figures for screen readers (the drawing is hidden from them). */}
              <Box component="ol" sx={visuallyHidden}>
                {chart.data.map((point) => (
                  <li key={point.label}>
                    {point.label}: {point.value}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {DASHBOARD_TEXTS.caption(days)}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button
          size="small"
          onClick={() => setStep((s) => Math.min(s + 1, CHART_PERIODS.length - 1))}
          disabled={step === CHART_PERIODS.length - 1 || chart.isFetching}
        >
          {DASHBOARD_TEXTS.loadMore}
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={() => {
            storeReportType(type);
            navigate('/admin/reportDetail');
          }}
        >
          {DASHBOARD_TEXTS.details}
        </Button>
      </CardActions>
    </Card>
  );
}
