-- OrderStatusEnum 4 已关闭 (a recharge closed unpaid after its timeout) on sites whose enums were seeded before it existed.
insert into enum_items (type, code, name, description, sort)
select 'OrderStatusEnum', 4, 'CLOSED', '已关闭', 4
where exists (select 1 from enum_items where type = 'OrderStatusEnum')
on conflict do nothing;
