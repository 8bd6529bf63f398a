import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

/** How long the typing rests before a list asks the server (each letter would ask it). */
const PAUSE_MS = 400;

/**
 * A list's search box above its table (a list searched on the server: notes, used phones, service orders): what is
 * typed is told to the list after a pause.
 */
export function ListSearchField({
  label,
  value,
  onChange,
  maxLength,
  width = 320,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  maxLength: number;
  width?: number;
}) {
  const [text, setText] = useState(value);
  const told = useRef(value);
  useEffect(() => {
    if (text === told.current) return;
    const timer = setTimeout(() => {
      told.current = text;
      onChange(text);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: width } }}
    />
  );
}
