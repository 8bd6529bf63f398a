import type { Discount, DiscountKind } from '@backoffice/contract';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DISCOUNT_FIELD_TEXTS as T } from './discount-field-texts';
import { FormDecimalField } from './form/form-decimal-field';

/** How long typing may pause before the totals are asked again (each keystroke would be one request). */
const SETTLE_MS = 300;

interface Props {
  label: string;
  value: Discount | undefined;
  onChange(discount: Discount | undefined): void;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  /** How long typing may pause before `onChange` (default 300 ms: the cart asks the server each time). */
  settleMs?: number;
}

/**
 * A discount typed the Brazilian way (1.234,56 in R$, or 7,5 in %), with its kind chosen beside it; an empty
 * field or 0 is no discount. The value reaches `onChange` once typing settles (Vendas: the server prices it).
 */
export function DiscountField({
  label,
  value,
  onChange,
  helperText = null,
  size = 'small',
  settleMs = SETTLE_MS,
}: Props) {
  const [kind, setKind] = useState<DiscountKind>(value?.kind ?? 'percent');
  const form = useForm<{ value: number | null }>({ defaultValues: { value: value?.value ?? null } });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const emit = (nextKind: DiscountKind, amount: number | null, at = settleMs) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(
      () => onChange(amount && amount > 0 ? { kind: nextKind, value: amount } : undefined),
      at,
    );
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        aria-label={`${T.kind}: ${label}`}
        onChange={(_event, next: DiscountKind | null) => {
          if (!next) return;
          setKind(next);
          emit(next, form.getValues('value'), 0);
        }}
        sx={{ height: size === 'small' ? 40 : 56 }}
      >
        <ToggleButton value="amount" aria-label={T.kinds.amount}>
          {T.kinds.amount}
        </ToggleButton>
        <ToggleButton value="percent" aria-label={T.kinds.percent}>
          {T.kinds.percent}
        </ToggleButton>
      </ToggleButtonGroup>
      <FormDecimalField
        control={form.control}
        name="value"
        valueAs="number"
        size={size}
        label={label}
        thousands={kind === 'amount'}
        startText={kind === 'amount' ? 'R$' : undefined}
        endText={kind === 'percent' ? '%' : undefined}
        helperText={helperText}
        onChange={(amount) => emit(kind, typeof amount === 'number' ? amount : null)}
        sx={{ flexGrow: 1, minWidth: 0, maxWidth: 220 }}
      />
    </Box>
  );
}
