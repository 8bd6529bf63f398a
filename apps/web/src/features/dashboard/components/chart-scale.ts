import type { ChartPoint } from '../api/dashboard-api';

/**
 * Decision 0014 (against section 9's fixed axes and 100/150 px a label): a horizontal chart is 34 px a bar
 * plus its axis, so ten bars fit a screen; the vertical ones a fixed height.
 */
const BAR_HEIGHT = 34;
const AXIS_HEIGHT = 50;
const VERTICAL_HEIGHT = 320;

/**
 * A chart's height in pixels for `count` bars. The card keeps it while the chart's code is on its way (and a
 * vertical chart while its figures are), so the card does not grow under a pointer when the drawing arrives: a
 * click on 'Ver detalhes' pressed before and released after would fall beside the button and be lost.
 */
export function chartHeight(count: number, horizontal: boolean): number {
  return Math.max(horizontal ? count * BAR_HEIGHT + AXIS_HEIGHT : VERTICAL_HEIGHT, 120);
}

/** The longest tick label (section 9's 25 characters); the full text is in the tooltip and the list. */
export const LABEL_MAX = 25;

/**
 * The value axis's upper bound (decision 0014, against section 9's fixed 0–100 and 0–50): the largest
 * figure and an eighth (room for its value label) rounded up to a round step (1, 2 or 5 times a power of
 * ten, over five ticks), so a top ten of 3 to 40 fills the chart instead of being slivers. At least 5.
 */
export function axisMax(largest: number): number {
  if (!(largest > 0)) return 5;
  // An eighth more room, so the value written past the longest bar stays inside the drawing.
  const room = largest * 1.125;
  const rough = room / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return Math.max(5, Math.ceil(room / step) * step);
}

const cut = (text: string, max: number) => `${text.slice(0, max - 1).trimEnd()}…`;
/** The start and the end of a text with an ellipsis between them, `max` characters in all. */
const middle = (text: string, max: number) => {
  const head = Math.floor((max - 1) / 2);
  return `${text.slice(0, head).trimEnd()}…${text.slice(text.length - (max - 1 - head)).trimStart()}`;
};

/**
 * Each point's tick label, at most `max` characters, and distinct: a long label is cut at its end; when two
 * cut labels would read the same ('Capa Anti-impacto Gshield…'), the label keeps its start and its end
 * (what tells the products apart), and if that still collides, the product's code goes first.
 */
export function chartLabels(points: readonly ChartPoint[], max = LABEL_MAX): string[] {
  const cuts = points.map((p) => (p.label.length <= max ? p.label : cut(p.label, max)));
  const count = (list: string[], text: string) => list.filter((l) => l === text).length;
  const ends = points.map((p, i) =>
    count(cuts, cuts[i] as string) > 1 && p.label.length > max ? middle(p.label, max) : (cuts[i] as string),
  );
  return points.map((p, i) => {
    const label = ends[i] as string;
    if (count(ends, label) === 1 || !p.code) return label;
    const prefix = `${p.code} · `;
    return p.label.length + prefix.length <= max
      ? prefix + p.label
      : prefix + middle(p.label, Math.max(max - prefix.length, 8));
  });
}
