x,y,z
32003
x,
y,
z
