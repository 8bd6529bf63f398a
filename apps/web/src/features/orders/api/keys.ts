export { ordersKeys } from '../../../components/orders/order-keys';
