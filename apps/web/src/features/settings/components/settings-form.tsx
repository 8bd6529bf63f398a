import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';
import type { ZodSafeParseResult } from 'zod';

/**
 * A settings card's form kept as the texts typed (null until the saved settings arrive) and checked as typed by
 * `parsed`: each field's first problem, whether all is valid, and the submit that saves the checked body.
 */
export function useSettingsTexts<Texts extends object, Body>(
  parsed: (texts: Texts) => ZodSafeParseResult<Body>,
  save: (body: Body) => void,
) {
  const [texts, setTexts] = useState<Texts | null>(null);
  const result = texts ? parsed(texts) : null;
  return {
    texts,
    setTexts,
    /** Changes one field's text (nothing before the settings arrive). */
    set: <K extends keyof Texts>(key: K, value: Texts[K]) =>
      setTexts((current) => (current ? { ...current, [key]: value } : current)),
    errorOf: (key: keyof Texts) =>
      result && !result.success ? result.error.issues.find((issue) => issue.path[0] === key)?.message : undefined,
    valid: result?.success === true,
    submit: () => {
      if (result?.success) save(result.data);
    },
  };
}

/** A settings card's form: its fields, then the save button (left out where `saveText` is null). */
export function SettingsForm({
  onSubmit,
  saveText,
  disabled,
  children,
}: {
  onSubmit: () => void;
  saveText: string | null;
  /** The save is on its way, or what is typed is not valid. */
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {saveText === null ? null : (
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={disabled}>
          {saveText}
        </Button>
      )}
    </Box>
  );
}
