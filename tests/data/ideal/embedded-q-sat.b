x,y,z
0
x,
y,
z
