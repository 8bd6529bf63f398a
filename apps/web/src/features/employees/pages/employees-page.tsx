import { EMPLOYEE_FUNC_LABELS, type Employee, type EmployeeFunc, formatPhone } from '@backoffice/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { firstError } from '../../../lib/api-client';
import {
  createEmployee,
  employeesKey,
  rolesKey,
  updateEmployee,
  useEmployees,
  useRoleOptions,
} from '../api/employees-api';
import { CreateEmployeeDialog, EditEmployeeDialog } from '../components/employee-dialogs';
import { EMPLOYEES_TEXTS as T } from '../texts';

const columns: GridColDef<Employee>[] = [
  { field: 'name', headerName: T.columns.name, flex: 1.2, minWidth: 180 },
  { field: 'email', headerName: T.columns.email, flex: 1.2, minWidth: 200 },
  {
    field: 'phone',
    headerName: T.columns.phone,
    flex: 0.8,
    minWidth: 140,
    valueFormatter: (value: string) => formatPhone(value),
  },
  {
    field: 'type',
    headerName: T.columns.type,
    flex: 0.7,
    minWidth: 120,
    valueGetter: (_value, row) => EMPLOYEE_FUNC_LABELS[row.func as EmployeeFunc] ?? row.type,
  },
  {
    field: 'isBlocked',
    headerName: T.columns.blocked,
    flex: 0.5,
    minWidth: 110,
    valueGetter: (_value, row) => (row.isBlocked ? T.yes : T.no),
  },
];

/** Employees: list, create and edit (spec section 2, Employees). */
export default function EmployeesPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const employees = useEmployees();
  const roles = useRoleOptions();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Employee | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: employeesKey });
    void queryClient.invalidateQueries({ queryKey: rolesKey });
  };

  const startEdit = (selected: Employee[]) => {
    if (selected.length !== 1) {
      notify.error(T.twoSelected);
      return;
    }
    setEditing(selected[0] ?? null);
  };

  const list = employees.data ?? [];

  return (
    <>
      <PageHeader
        title={T.title}
        actions={
          <>
            <Tooltip title={T.refresh}>
              <IconButton aria-label={T.refresh} onClick={refresh}>
                <RefreshIcon />
              </IconButton>
            </Tooltip>
            <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setCreating(true)}>
              {T.create}
            </Button>
          </>
        }
      />
      {employees.isPending ? (
        <PageLoader />
      ) : employees.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={refresh}>
              {T.refresh}
            </Button>
          }
        >
          {T.notFound}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {list.length === 0 ? <Alert severity="info">{T.notFound}</Alert> : null}
          <Card>
            <DataTable<Employee>
              rows={list}
              columns={columns}
              loading={employees.isFetching}
              emptyText={T.tableEmpty}
              label={T.title}
              selectionActions={(selected) => (
                <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => startEdit(selected)}>
                  {T.edit}
                </Button>
              )}
            />
          </Card>
        </Stack>
      )}
      <CreateEmployeeDialog
        open={creating}
        roles={roles.data ?? []}
        onClose={() => setCreating(false)}
        onSubmit={async (values) => {
          try {
            await createEmployee(values);
            notify.success(T.created);
            setCreating(false);
            refresh();
          } catch (error) {
            notify.error(firstError(error, T.fallback));
          }
        }}
      />
      <EditEmployeeDialog
        employee={editing}
        roles={roles.data ?? []}
        onClose={() => setEditing(null)}
        onSubmit={async (func, values) => {
          try {
            await updateEmployee(func, values);
            notify.success(T.edited);
            setEditing(null);
            refresh();
          } catch (error) {
            notify.info(firstError(error, T.fallback));
          }
        }}
      />
    </>
  );
}
