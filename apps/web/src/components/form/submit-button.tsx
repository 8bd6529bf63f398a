import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export type SubmitButtonProps = Omit<ButtonProps, 'children' | 'startIcon'> & {
  /** The button's text (also the spinner's accessible name when it replaces the text). */
  children: string;
  /** Shows the spinner and disables the button. */
  busy?: boolean;
  /** Where the spinner goes: before the text (default) or in its place. */
  spinner?: 'start' | 'replace';
};

const START_SIZE = { small: 16, medium: 16, large: 18 } as const;
const REPLACE_SIZE = { small: 18, medium: 22, large: 22 } as const;

/**
 * A form's main button: contained, `type="submit"` (pass `type="button"` and `onClick` for an action
 * outside a form), disabled while `disabled` or `busy`, with a spinner while busy.
 */
export function SubmitButton({
  children,
  busy = false,
  spinner = 'start',
  disabled = false,
  size = 'medium',
  type = 'submit',
  variant = 'contained',
  ...props
}: SubmitButtonProps) {
  const replace = spinner === 'replace';
  const progress = (
    <CircularProgress
      size={(replace ? REPLACE_SIZE : START_SIZE)[size]}
      color="inherit"
      aria-label={replace ? children : undefined}
    />
  );
  return (
    <Button
      {...props}
      type={type}
      variant={variant}
      size={size}
      disabled={disabled || busy}
      startIcon={busy && !replace ? progress : undefined}
    >
      {busy && replace ? progress : children}
    </Button>
  );
}
