import { describe, expect, it } from 'vitest';
import { expectContractAnswer, mockApi } from './contract';

describe('contract-checked mocks', () => {
  it('accept an answer shaped as the API declares it, also under a path parameter', () => {
    expect(() =>
      expectContractAnswer('PATCH /api/roles/7', 200, { data: { id: 7, name: 'Estoque', permissions: [] } }),
    ).not.toThrow();
    expect(() =>
      expectContractAnswer('POST /api/roles', 409, { errors: ['Regra já existente.'], code: 'DUPLICATE' }),
    ).not.toThrow();
  });

  it('refuse a fixture that drifted from the contract, naming the route and the field', () => {
    expect(() => mockApi({ 'POST /api/roles': { status: 201, body: { data: { id: 3 } } } })).toThrow(
      /POST \/api\/roles \(201\)[\s\S]*data\.name/,
    );
    // an error without its code, as the web app's ApiError reads it
    expect(() => mockApi({ 'GET /api/roles': { status: 500, body: { errors: ['Falhou.'] } } })).toThrow(/code/);
  });

  it('refuse a route the contract table does not know', () => {
    expect(() => mockApi({ 'GET /api/nada': { body: {} } })).toThrow(/Sem schema de resposta do contrato/);
  });
});
