import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusChip, ToneChip } from './status-chip';
import type { StatusTone } from './status-tone';

type Lamp = 'ON' | 'OFF' | 'BROKEN';
const LABELS: Record<Lamp, string> = { ON: 'Acesa', OFF: 'Apagada', BROKEN: 'Queimada' };
const TONES: Record<Lamp, StatusTone> = { ON: 'done', OFF: 'neutral', BROKEN: 'stopped' };

/** The chip's root (MuiChip-root) around its label. */
const chipOf = (label: string) => screen.getByText(label).closest('.MuiChip-root') as HTMLElement;

describe('StatusChip', () => {
  it('shows the label the map gives the status, in the colours of the tone the map gives it', () => {
    render(<StatusChip status="BROKEN" labels={LABELS} tones={TONES} />);
    const chip = chipOf('Queimada');
    expect(chip.dataset.tone).toBe('stopped');
    // 'stopped': #fee2e2 behind #991b1b, i.e. rgb(254, 226, 226) and rgb(153, 27, 27).
    expect(getComputedStyle(chip).backgroundColor).toBe('rgb(254, 226, 226)');
    expect(getComputedStyle(chip).color).toBe('rgb(153, 27, 27)');
    expect(chip.classList).toContain('MuiChip-sizeSmall');
  });

  it('each status its own label and tone', () => {
    render(
      <>
        <StatusChip status="ON" labels={LABELS} tones={TONES} />
        <StatusChip status="OFF" labels={LABELS} tones={TONES} />
      </>,
    );
    expect(chipOf('Acesa').dataset.tone).toBe('done');
    expect(chipOf('Apagada').dataset.tone).toBe('neutral');
    // 'done': #dcfce7 = rgb(220, 252, 231); 'neutral': #f1f5f9 = rgb(241, 245, 249).
    expect(getComputedStyle(chipOf('Acesa')).backgroundColor).toBe('rgb(220, 252, 231)');
    expect(getComputedStyle(chipOf('Apagada')).backgroundColor).toBe('rgb(241, 245, 249)');
  });

  it('never grows wider than its cell (the maxWidth of MUI, which the cash session chip used to ask for)', () => {
    render(<StatusChip status="OFF" labels={LABELS} tones={TONES} />);
    expect(getComputedStyle(chipOf('Apagada')).maxWidth).toBe('100%');
  });
});

describe('ToneChip', () => {
  it('draws any label in a tone, small unless told (an order status of its own size)', () => {
    render(
      <>
        <ToneChip label="Em rota" tone="moving" />
        <ToneChip label="Aguardando" tone="waiting" size="medium" />
      </>,
    );
    // 'moving': #dbeafe behind #1e40af = rgb(219, 234, 254) and rgb(30, 64, 175).
    expect(getComputedStyle(chipOf('Em rota')).backgroundColor).toBe('rgb(219, 234, 254)');
    expect(getComputedStyle(chipOf('Em rota')).color).toBe('rgb(30, 64, 175)');
    expect(chipOf('Em rota').classList).toContain('MuiChip-sizeSmall');
    expect(chipOf('Aguardando').dataset.tone).toBe('waiting');
    expect(chipOf('Aguardando').classList).toContain('MuiChip-sizeMedium');
  });
});
