import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
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
    control,
    handleSubmit,
    formState: { isValid, isSubmitting },
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
      <FormTextField
        control={control}
        name="name"
        label={label}
        size="small"
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
        helperText={null}
        sx={{ flex: 1 }}
      />
      <SubmitButton
        type="button"
        size="small"
        spinner="replace"
        onClick={() => void submit()}
        disabled={!isValid}
        busy={isSubmitting}
        sx={{ mt: 0.5, minWidth: 96 }}
      >
        {submitText}
      </SubmitButton>
      <Button size="small" onClick={onCancel} sx={{ mt: 0.5 }}>
        {cancelText}
      </Button>
    </Box>
  );
}
