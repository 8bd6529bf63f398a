import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSaveQuote } from '../api/selling-api';
import type { CartChoices } from '../lib/selling-state';
import { SELLING_SCREEN_TEXTS as T } from '../texts';

/**
 * 'Salvar orçamento' (issue 38 §4): the cart as a quote at today's prices and discounts; a walk-in's name
 * and phone are asked (nobody is registered). Once saved, 'Orçamentos' opens, where it is sent and converted.
 */
export function SaveQuoteButton(props: {
  customerId: number;
  walkIn: boolean;
  choices: CartChoices;
  disabled: boolean;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  // One attempt per opening: a try sent again after a lost answer carries the same key.
  const key = useRef('');
  const save = useSaveQuote(() => {
    setOpen(false);
    void navigate('/admin/quotes');
  });
  const submit = () =>
    save.mutate({
      customerId: props.customerId,
      choices: props.choices,
      key: key.current,
      ...(props.walkIn ? { walkIn: { name: name.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}) } } : {}),
    });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<RequestQuoteOutlinedIcon />}
        onClick={() => {
          key.current = crypto.randomUUID();
          setOpen(true);
        }}
        disabled={props.disabled}
      >
        {T.saveQuote}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{T.saveQuoteTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{T.saveQuoteHelp}</DialogContentText>
          {props.walkIn ? (
            <>
              <TextField
                label={T.quoteName}
                value={name}
                onChange={(event) => setName(event.target.value)}
                required
                autoFocus
                size="small"
              />
              <TextField
                label={T.quotePhone}
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                inputMode="tel"
                size="small"
              />
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{T.quoteCancel}</Button>
          <Button
            variant="contained"
            onClick={submit}
            disabled={save.isPending || (props.walkIn && name.trim().length < 2)}
          >
            {T.quoteSave}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
