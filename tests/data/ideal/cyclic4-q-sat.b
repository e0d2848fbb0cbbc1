x,y,z,w
0
x*y
