import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { NameFormValues } from '../schemas';

interface Props {
  /** 'Nova marca' or 'Nova referência'. */
  label: string;
  schema: z.ZodType<NameFormValues, NameFormValues>;
  submitText: string;
  cancelText: string;
  /** Resolves true when created (the form closes), false to keep it open (e.g. a duplicate). */
  onSubmit: (name: string) => Promise<boolean>;
  onCancel: () => void;
}

/** The inline mini-form inside the product forms: one name, Adicionar (Incluir) and Cancelar. */
export function InlineNameForm({ label, schema, submitText, cancelText, onSubmit, onCancel }: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<NameFormValues>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: { name: '' } });

  // Not a <form>: it lives inside the product form, and nested forms are invalid HTML.
  const submit = handleSubmit(async ({ name }) => {
    await onSubmit(name.trim());
  });

  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        mt: 1,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <TextField
        label={label}
        size="small"
        autoFocus
        {...register('name')}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
        sx={{ flex: 1 }}
      />
      <Button
        variant="contained"
        size="small"
        onClick={() => void submit()}
        disabled={!isValid || isSubmitting}
        sx={{ mt: 0.5, minWidth: 96 }}
      >
        {isSubmitting ? <CircularProgress size={18} color="inherit" aria-label={submitText} /> : submitText}
      </Button>
      <Button size="small" onClick={onCancel} sx={{ mt: 0.5 }}>
        {cancelText}
      </Button>
    </Box>
  );
}
