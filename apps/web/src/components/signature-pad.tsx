import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type PointerEvent, useEffect, useRef } from 'react';

/** The canvas's own pixels (drawn at this size, shown at the width of the screen, same proportions). */
export const SIGNATURE_SIZE = { width: 800, height: 500 } as const;

/**
 * Where someone signs with a finger (the customer at the door, the seller of a used phone, a repair's customer) (or a mouse): pointer events on a canvas that does not scroll the
 * page while drawing (`touch-action: none`). After each stroke `onChange` receives the drawing as a PNG
 * data URL on white; 'Limpar' wipes it and sends null. Empty means no stroke was drawn.
 */
export function SignaturePad({
  onChange,
  invalid = false,
  label,
  clearLabel = 'Limpar',
}: {
  onChange: (png: string | null) => void;
  invalid?: boolean;
  /** The canvas's accessible name ('Quadro de assinatura do cliente'). */
  label: string;
  clearLabel?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const inked = useRef(false);

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  const paintBackground = () => {
    const ctx = context();
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, SIGNATURE_SIZE.width, SIGNATURE_SIZE.height);
    ctx.strokeStyle = '#0f172a';
    ctx.lineWidth = 5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: paint once, when the canvas appears
  useEffect(paintBackground, []);

  /** The pointer in the canvas's own pixels (the canvas is shown scaled). */
  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = rect.width ? SIGNATURE_SIZE.width / rect.width : 1;
    const scaleY = rect.height ? SIGNATURE_SIZE.height / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };

  const line = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const ctx = context();
    if (!ctx) return;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    // A tap leaves a dot.
    ctx.lineTo(to.x === from.x && to.y === from.y ? to.x + 0.1 : to.x, to.y);
    ctx.stroke();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    // A second finger while one draws is ignored; a stroke whose end never came is replaced.
    const current = drawing.current;
    if (current && current.pointerId !== event.pointerId && !event.isPrimary) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = point(event);
    drawing.current = { pointerId: event.pointerId, ...at };
    line(at, at);
    inked.current = true;
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = drawing.current;
    if (!current || current.pointerId !== event.pointerId) return;
    event.preventDefault();
    const at = point(event);
    line(current, at);
    drawing.current = { pointerId: event.pointerId, ...at };
  };

  const finish = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || drawing.current.pointerId !== event.pointerId) return;
    drawing.current = null;
    if (inked.current) onChange(canvasRef.current?.toDataURL('image/png') ?? null);
  };

  const clear = () => {
    drawing.current = null;
    inked.current = false;
    paintBackground();
    onChange(null);
  };

  return (
    <Box>
      <Box
        component="canvas"
        ref={canvasRef}
        width={SIGNATURE_SIZE.width}
        height={SIGNATURE_SIZE.height}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
        onLostPointerCapture={finish}
        sx={{
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: `${SIGNATURE_SIZE.width} / ${SIGNATURE_SIZE.height}`,
          bgcolor: '#fff',
          border: 2,
          borderStyle: 'dashed',
          borderColor: invalid ? 'error.main' : 'grey.400',
          borderRadius: 2,
          touchAction: 'none',
          userSelect: 'none',
          cursor: 'crosshair',
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={clear} size="large" sx={{ minHeight: 48 }}>
          {clearLabel}
        </Button>
      </Box>
    </Box>
  );
}
